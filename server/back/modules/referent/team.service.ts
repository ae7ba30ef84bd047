import type { BackDeps } from "../../context.ts";
import type { Team, TeamMember } from "#core/contract/referent.ts";
import { memberProgress } from "#core/domain/team-progress.ts";
import type { ReferentScope } from "./referent-scope.ts";
import * as repo from "./team.repository.ts";

type Deps = Pick<BackDeps, "db" | "now">;

/** Invitation payloads carry the invited name (addApprenant) besides the account, role, brand and locale. */
export type InvitationPayload = { accountId: number; role: string; brand: string; locale: string; firstName?: string; lastName?: string };

export function readInvitationPayload(raw: string | null): Partial<InvitationPayload> {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === "object" ? (value as Partial<InvitationPayload>) : {};
  } catch {
    return {};
  }
}

/** GET dpec/allApprenants: the members of the account with status and progress, then the open invitations. */
export async function listTeam(deps: Deps, scope: ReferentScope): Promise<Team> {
  const members = await repo.listMembers(deps.db, scope.accountId);
  const enrolments = await repo.listAccountEnrolments(
    deps.db,
    scope.accountId,
    members.map((m) => m.userId),
  );
  const byUser = new Map<number, typeof enrolments>();
  for (const e of enrolments) byUser.set(e.userId, [...(byUser.get(e.userId) ?? []), e]);
  const list: TeamMember[] = members.map((m) => {
    const own = byUser.get(m.userId) ?? [];
    return {
      contactId: m.userId,
      invitationId: null,
      firstName: m.firstName,
      lastName: m.lastName,
      email: m.email,
      role: m.role as TeamMember["role"],
      status: m.isActive ? "active" : "inactive",
      isActive: m.isActive,
      trainings: own.length,
      finished: own.filter((e) => e.status === "finished").length,
      progress: memberProgress(own),
    };
  });
  const invitations = await repo.listOpenInvitations(deps.db, scope.accountId, deps.now());
  for (const invitation of invitations) {
    const payload = readInvitationPayload(invitation.payload);
    list.push({
      contactId: null,
      invitationId: invitation.id,
      firstName: payload.firstName ?? "",
      lastName: payload.lastName ?? "",
      email: invitation.email,
      role: "learner",
      status: "invited",
      isActive: false,
      trainings: 0,
      finished: 0,
      progress: 0,
    });
  }
  return { members: list };
}
