import { useTranslation } from "~/i18n/react";
import { Form, useActionData, useLoaderData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/profile-infos";
import { backErrorResult, field, readForm, type FormResult } from "~/lib/action.server";
import { FormMessage, SelectField, SubmitButton, TextField, firstErrorField, useFocusFirstError } from "~/components/ui/form-fields";
import { accountMeta } from "~/components/account/meta";
import { ProfileLayout, ReadOnlyNotice } from "~/components/account/profile-layout";
import { loadProfile } from "~/routes/account/profile.server";
import { EARLIEST_BIRTH_DATE, latestBirthDate } from "#core/domain/birth-date.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { isReadOnlyUser } from "#core/domain/user-state.ts";
import { requestStateContext } from "~/lib/context";
import { pathOf, requireUser, serverT } from "~/lib/guards.server";
import { redirectWithToast } from "~/lib/toast.server";

const PROFESSIONS = ["pharmacist", "preparer", "assistant", "student", "other"] as const;
const GENDERS = ["", "F", "M", "X"] as const;

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireUser({ url, context });
  const profile = await loadProfile(context);
  return {
    title: serverT(context, "account")("infos.title"),
    profile,
    readOnly: isReadOnlyUser(profile.contractType),
    latestBirthDate: latestBirthDate(toParisDate(new Date())),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => accountMeta(matches, loaderData);

/** Four forms, told apart by `intent`; each success comes back here with a toast. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser({ url, context });
  const formData = await readForm(request, context);
  const intent = field(formData, "intent");
  const { back } = context.get(requestStateContext);
  const t = serverT(context, "account");
  if (isReadOnlyUser(user.contractType)) return { ok: false, intent, message: t("readOnly.notice") } satisfies FormResult;
  try {
    switch (intent) {
      case "userData":
        await back.post("/user/updateUserData", {
          firstName: field(formData, "firstName"),
          lastName: field(formData, "lastName"),
          gender: field(formData, "gender"),
          profession: field(formData, "profession"),
          professionalNumber: field(formData, "professionalNumber"),
        });
        break;
      case "mobilePhone":
        await back.post("/user/updateMobilePhone", { mobilePhone: field(formData, "mobilePhone") });
        break;
      case "personalData":
        await back.post("/user/updatePersonalData", { phone: field(formData, "phone"), birthDate: field(formData, "birthDate") });
        break;
      case "picture": {
        const picture = formData.get("picture");
        if (!(picture instanceof File) || picture.size === 0) {
          return { ok: false, intent, fieldErrors: { picture: [t("infos.pictureRequired")] } } satisfies FormResult;
        }
        const upload = new FormData();
        upload.set("picture", picture, picture.name || "picture");
        await back.postForm("/user/updateProfilePic", upload);
        break;
      }
      default:
        return { ok: false, intent, message: serverT(context, "common")("errors.anErrorOccurred") } satisfies FormResult;
    }
  } catch (error) {
    return backErrorResult(error, { intent });
  }
  return redirectWithToast(pathOf(context, "profile-infos"), { type: "success", message: t("infos.saved") });
}

export default function ProfileInfos() {
  const { t } = useTranslation("account");
  const { profile, readOnly, latestBirthDate } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  return (
    <ProfileLayout title={t("infos.title")}>
      {readOnly ? (
        <ReadOnlyNotice />
      ) : (
        <div className="grid gap-8 md:grid-cols-2">
          <UserDataForm profile={profile} result={result?.intent === "userData" ? result : undefined} />
          <div className="flex flex-col gap-8">
            <MobilePhoneForm profile={profile} result={result?.intent === "mobilePhone" ? result : undefined} />
            <PersonalDataForm profile={profile} latestBirthDate={latestBirthDate} result={result?.intent === "personalData" ? result : undefined} />
            <PictureForm result={result?.intent === "picture" ? result : undefined} />
          </div>
        </div>
      )}
    </ProfileLayout>
  );
}

type Profile = ReturnType<typeof useLoaderData<typeof loader>>["profile"];

function Section({ id, title, children, formRef, encType }: { id: string; title: string; children: React.ReactNode; formRef: React.Ref<HTMLFormElement>; encType?: "multipart/form-data" }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-slate-300 p-5">
      <h2 id={`${id}-title`} className="mb-4 text-xl font-bold">
        {title}
      </h2>
      <Form method="post" ref={formRef} encType={encType} className="flex flex-col gap-4" noValidate>
        <AuthenticityTokenInput name="csrf" />
        {children}
      </Form>
    </section>
  );
}

function UserDataForm({ profile, result }: { profile: Profile; result?: FormResult }) {
  const { t } = useTranslation("account");
  const ref = useFocusFirstError(result);
  const errors = result?.fieldErrors ?? {};
  const first = firstErrorField(errors, ["firstName", "lastName", "gender", "profession", "professionalNumber"]);
  return (
    <Section id="user-data" title={t("infos.userData")} formRef={ref}>
      <FormMessage message={result && !result.ok ? result.message : undefined} />
      <TextField name="firstName" label={t("fields.firstName")} autoComplete="given-name" required defaultValue={profile.firstName} errors={errors.firstName} autoFocus={first === "firstName" || undefined} />
      <TextField name="lastName" label={t("fields.lastName")} autoComplete="family-name" required defaultValue={profile.lastName} errors={errors.lastName} autoFocus={first === "lastName" || undefined} />
      <SelectField
        name="gender"
        label={t("fields.gender")}
        defaultValue={profile.gender ?? ""}
        errors={errors.gender}
        options={GENDERS.map((value) => ({ value, label: t(`genders.${value || "none"}`) }))}
      />
      <SelectField
        name="profession"
        label={t("fields.profession")}
        required
        defaultValue={profile.profession}
        errors={errors.profession}
        options={PROFESSIONS.map((value) => ({ value, label: t(`professions.${value}`) }))}
      />
      <TextField name="professionalNumber" label={t("fields.professionalNumber")} defaultValue={profile.professionalNumber ?? ""} errors={errors.professionalNumber} autoFocus={first === "professionalNumber" || undefined} />
      <SubmitButton intent="userData">{t("infos.save")}</SubmitButton>
    </Section>
  );
}

function MobilePhoneForm({ profile, result }: { profile: Profile; result?: FormResult }) {
  const { t } = useTranslation("account");
  const ref = useFocusFirstError(result);
  const errors = result?.fieldErrors ?? {};
  return (
    <Section id="mobile-phone" title={t("infos.mobilePhone")} formRef={ref}>
      <FormMessage message={result && !result.ok ? result.message : undefined} />
      <TextField name="mobilePhone" type="tel" label={t("fields.mobilePhone")} autoComplete="tel" defaultValue={profile.mobilePhone ?? ""} errors={errors.mobilePhone} autoFocus={errors.mobilePhone ? true : undefined} />
      <SubmitButton intent="mobilePhone">{t("infos.save")}</SubmitButton>
    </Section>
  );
}

function PersonalDataForm({ profile, latestBirthDate, result }: { profile: Profile; latestBirthDate: string; result?: FormResult }) {
  const { t } = useTranslation("account");
  const ref = useFocusFirstError(result);
  const errors = result?.fieldErrors ?? {};
  const first = firstErrorField(errors, ["phone", "birthDate"]);
  return (
    <Section id="personal-data" title={t("infos.personalData")} formRef={ref}>
      <FormMessage message={result && !result.ok ? result.message : undefined} />
      <TextField name="phone" type="tel" label={t("fields.phone")} autoComplete="tel" defaultValue={profile.phone ?? ""} errors={errors.phone} autoFocus={first === "phone" || undefined} />
      <TextField
        name="birthDate"
        type="date"
        min={EARLIEST_BIRTH_DATE}
        max={latestBirthDate}
        label={t("fields.birthDate")}
        autoComplete="bday"
        defaultValue={profile.birthDate?.slice(0, 10) ?? ""} errors={errors.birthDate} autoFocus={first === "birthDate" || undefined} />
      <SubmitButton intent="personalData">{t("infos.save")}</SubmitButton>
    </Section>
  );
}

function PictureForm({ result }: { result?: FormResult }) {
  const { t } = useTranslation("account");
  const ref = useFocusFirstError(result);
  const errors = result?.fieldErrors ?? {};
  return (
    <Section id="picture" title={t("infos.picture")} formRef={ref} encType="multipart/form-data">
      <FormMessage message={result && !result.ok && !errors.picture ? result.message : undefined} />
      <TextField
        name="picture"
        type="file"
        accept="image/png,image/jpeg,image/webp"
        label={t("fields.picture")}
        hint={t("infos.pictureHint")}
        errors={errors.picture}
        autoFocus={errors.picture ? true : undefined}
      />
      <SubmitButton intent="picture">{t("infos.upload")}</SubmitButton>
    </Section>
  );
}
