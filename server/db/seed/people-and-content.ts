import { legalIdentityOf } from "#core/branding/legal-identities.ts";
import * as t from "../schema/index.ts";
import { ADVISORS, DEMO_USERS, PHARMACIES, TEAM_USERS, type UserDef } from "./data/accounts.ts";
import { BRAND_LANG, FAQS, GROUPINGS, NEWS, PAGES } from "./data/content.ts";
import type { Clock, SeedDb } from "./util.ts";

export type AccountIds = {
  users: Map<string, number>;
  pharmacies: Map<string, number>;
  advisors: Map<string, number>;
};

/** Advisors, pharmacies with their contracts, users and memberships. */
export async function seedAccounts(db: SeedDb, clock: Clock, passwordHash: string): Promise<AccountIds> {
  const advisorRows = await db
    .insert(t.advisors)
    .values(
      ADVISORS.map((a) => ({
        firstName: a.firstName,
        lastName: a.lastName,
        email: a.email,
        phone: a.phone,
        gender: a.gender,
        avatarPath: `/advisors/${a.slug}.svg`,
      })),
    )
    .returning({ id: t.advisors.id, email: t.advisors.email });
  const advisors = new Map(ADVISORS.map((a) => [a.slug, advisorRows.find((r) => r.email === a.email)!.id]));

  const pharmacyRows = await db
    .insert(t.accounts)
    .values(
      PHARMACIES.map((p, i) => ({
        name: p.name,
        brand: p.brand,
        country: p.country,
        address: p.address,
        postalCode: p.postalCode,
        city: p.city,
        registrationNumber: p.registrationNumber,
        taxId: p.taxId ?? null,
        advisorId: advisors.get(p.advisor)!,
        canAccessTrainingPlan: p.canAccessTrainingPlan,
        createdAt: clock.at(-900 + i * 40),
      })),
    )
    .returning({ id: t.accounts.id, name: t.accounts.name });
  const pharmacies = new Map(PHARMACIES.map((p) => [p.key, pharmacyRows.find((r) => r.name === p.name)!.id]));

  const allUsers: UserDef[] = [...DEMO_USERS, ...TEAM_USERS];
  const userRows = await db
    .insert(t.users)
    .values(
      allUsers.map((u, i) => {
        const firstMembership = u.memberships?.find((m) => m.isActive !== false);
        return {
          email: u.email,
          passwordHash,
          firstName: u.firstName,
          lastName: u.lastName,
          gender: u.gender,
          phone: u.phone ?? null,
          mobilePhone: u.mobilePhone ?? null,
          birthDate: u.birthDate ?? null,
          profession: u.profession,
          professionalNumber: u.professionalNumber ?? null,
          brand: u.brand,
          locale: u.locale,
          appId: u.appId ?? null,
          isAdmin: u.isAdmin ?? false,
          advisorId: u.advisor ? advisors.get(u.advisor)! : null,
          currentAccountId: firstMembership && !u.noCurrentAccount ? pharmacies.get(firstMembership.pharmacy)! : null,
          mustGiveConsent: u.mustGiveConsent ?? false,
          hasGivenConsent: u.mustGiveConsent ? null : true,
          consentAt: u.mustGiveConsent ? null : clock.at(-120 + i),
          isPartnerCareClient: u.isPartnerCareClient ?? false,
          sortOption: "newest",
          createdAt: clock.at(-400 + i * 7),
          updatedAt: clock.at(-2),
        };
      }),
    )
    .returning({ id: t.users.id, email: t.users.email });
  const users = new Map(userRows.map((r) => [r.email, r.id]));

  await db.insert(t.memberships).values(
    allUsers.flatMap((u) =>
      (u.memberships ?? []).map((m) => ({
        userId: users.get(u.email)!,
        accountId: pharmacies.get(m.pharmacy)!,
        role: m.role,
        isActive: m.isActive ?? true,
        createdAt: clock.at(-380),
      })),
    ),
  );

  await db.insert(t.contracts).values([
    ...PHARMACIES.map((p) => {
      const expired = p.contract === "expired";
      return {
        accountId: pharmacies.get(p.key)!,
        type: p.contract === "readonly" ? "readonly" : "standard",
        productName: p.productName,
        validFrom: clock.day(expired ? -395 : -200),
        validUntil: clock.day(expired ? -30 : 165),
        signedAt: clock.at(expired ? -400 : -205),
      };
    }),
    ...allUsers
      .filter((u) => u.personalContract === "shop")
      .map((u) => ({
        userId: users.get(u.email)!,
        type: "shop",
        productName: "Boutique en ligne",
        validFrom: clock.day(-30),
        validUntil: clock.day(335),
        signedAt: clock.at(-30),
      })),
  ]);

  const billed = allUsers.filter((u) => u.billing);
  if (billed.length > 0) {
    await db.insert(t.billingProfiles).values(
      billed.map((u) => ({
        userId: users.get(u.email)!,
        companyName: u.billing!.companyName ?? null,
        address: u.billing!.address,
        postalCode: u.billing!.postalCode,
        city: u.billing!.city,
        country: legalIdentityOf(u.brand).address.country,
        taxId: u.billing!.taxId ?? null,
        updatedAt: clock.at(-30),
      })),
    );
  }

  return { users, pharmacies, advisors };
}

/** News, content pages, FAQ, groupings. */
export async function seedContent(db: SeedDb, clock: Clock): Promise<void> {
  await db.insert(t.news).values(
    NEWS.map((n) => ({
      brand: n.brand,
      lang: BRAND_LANG[n.brand],
      slug: n.slug,
      title: n.title,
      summary: n.summary,
      body: n.body,
      illustration: `/media/illustrations/${n.illustration}.svg`,
      publishedAt: n.daysAgo === null ? null : clock.at(-n.daysAgo, 8),
      createdAt: clock.at(-(n.daysAgo ?? 0) - 2, 8),
    })),
  );

  await db.insert(t.contentPages).values(
    PAGES.map((p) => ({
      brand: p.brand,
      lang: BRAND_LANG[p.brand],
      slug: p.slug,
      title: p.title,
      body: p.body,
      updatedAt: clock.at(-60),
    })),
  );

  const positionInBrand = new Map<string, number>();
  const sectionDrafts = FAQS.map((f) => {
    const key = `${f.brand}:${f.type}`;
    const position = positionInBrand.get(key) ?? 0;
    positionInBrand.set(key, position + 1);
    return { brand: f.brand, lang: BRAND_LANG[f.brand], type: f.type, title: f.title, position };
  });
  const sections = await db
    .insert(t.faqSections)
    .values(sectionDrafts)
    .returning({ id: t.faqSections.id, brand: t.faqSections.brand, type: t.faqSections.type, position: t.faqSections.position });
  await db.insert(t.faqQuestions).values(
    FAQS.flatMap((f, i) => {
      const draft = sectionDrafts[i];
      const section = sections.find((s) => s.brand === draft.brand && s.type === draft.type && s.position === draft.position)!;
      return f.questions.map(([question, answer], position) => ({ sectionId: section.id, position, question, answer }));
    }),
  );

  await db.insert(t.groupings).values(GROUPINGS.map((g, position) => ({ ...g, logo: `/media/groupings/${g.slug}.svg`, position })));
}
