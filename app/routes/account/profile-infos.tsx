import { useTranslation } from "~/i18n/react";
import { Form, useActionData } from "react-router";
import { z } from "zod";
import { UpdateMobilePhoneSchema, UpdateUserDataSchema, updatePersonalDataSchema } from "#core/contract/profile.ts";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/profile-infos";
import { backErrorReply, errorReply } from "~/lib/forms.server";
import { intentAction, intentBranch } from "~/lib/intent-action.server";
import { formView, useSchemaForm } from "~/lib/forms";
import { replyErrors, replyMessage, type FormReply } from "~/lib/form-reply";
import { NameFields, SelectField, SubmitButton, TextField, firstErrorField, useFocusFirstError } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { ProfileLayout, ReadOnlyNotice } from "~/components/account/profile-layout";
import { loadProfile } from "~/routes/account/profile.server";
import { EARLIEST_BIRTH_DATE, latestBirthDate } from "#core/domain/birth-date.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { isReadOnlyUser } from "#core/domain/user-state.ts";
import { requestStateContext } from "~/lib/context";
import { profileEndpoints } from "#core/contract/endpoints/profile.ts";
import { pathOf } from "~/lib/paths.server";
import { getLoggedInUser } from "~/lib/current-user.server";
import { serverT } from "~/lib/translate.server";
import { redirectWithToast } from "~/lib/toast.server";
import { pageMeta } from "~/lib/meta";

const PROFESSIONS = ["pharmacist", "preparer", "assistant", "student", "other"] as const;
const GENDERS = ["", "F", "M", "X"] as const;

export async function loader({ context }: Route.LoaderArgs) {
  const profile = await loadProfile(context);
  return {
    title: serverT(context, "account")("infos.title"),
    profile,
    readOnly: isReadOnlyUser(profile.contractType),
    latestBirthDate: latestBirthDate(toParisDate(new Date())),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

/** The picture form's only field is its file, read from the form data (no schema reads a file). */
const PictureFields = z.object({});

/** Four forms, told apart by `intent`; each success comes back here with a toast. A read-only user's are all refused. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getLoggedInUser(context);
  const { back } = context.get(requestStateContext);
  const t = serverT(context, "account");
  if (isReadOnlyUser(user.contractType)) {
    return intentAction(request, context, {}, { unknownIntent: (intent) => errorReply({ message: t("readOnly.notice"), form: intent, status: 200 }) });
  }
  const saved = () => redirectWithToast(pathOf(context, "profile-infos"), { type: "success", message: t("infos.saved") });
  /** A form whose schema is the API's own: the call with what the schema parsed. */
  const form = <S extends z.ZodType>(schema: S, send: (body: z.output<S>) => Promise<unknown>) =>
    intentBranch({
      schema,
      run: async ({ value, submission, form }) => {
        try {
          await send(value);
        } catch (error) {
          return backErrorReply(submission, error, { form });
        }
        return saved();
      },
    });
  return intentAction(
    request,
    context,
    {
      userData: form(UpdateUserDataSchema, (body) => back.call(profileEndpoints.updateUserData, { body })),
      mobilePhone: form(UpdateMobilePhoneSchema, (body) => back.call(profileEndpoints.updateMobilePhone, { body })),
      // The birth date's bounds move with today.
      personalData: form(updatePersonalDataSchema(toParisDate(new Date())), (body) => back.call(profileEndpoints.updatePersonalData, { body })),
      picture: {
        schema: PictureFields,
        run: async ({ formData, form }) => {
          const picture = formData.get("picture");
          if (!(picture instanceof File) || picture.size === 0)
            return errorReply({ fieldErrors: { picture: [t("infos.pictureRequired")] }, form, status: 200 });
          const upload = new FormData();
          upload.set("picture", picture, picture.name || "picture");
          try {
            await back.call(profileEndpoints.updateProfilePic, { body: upload });
          } catch (error) {
            return backErrorReply(null, error, { form });
          }
          return saved();
        },
      },
    },
    { unknownIntent: (intent) => errorReply({ message: serverT(context, "common")("errors.anErrorOccurred"), form: intent, status: 200 }) },
  );
}

export default function ProfileInfos({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { profile, readOnly, latestBirthDate } = loaderData;
  const result = useActionData<FormReply>();
  return (
    <ProfileLayout title={t("infos.title")}>
      {readOnly ? (
        <ReadOnlyNotice />
      ) : (
        <div className="grid gap-8 md:grid-cols-2">
          <UserDataForm profile={profile} result={result?.form === "userData" ? result : undefined} />
          <div className="flex flex-col gap-8">
            <MobilePhoneForm profile={profile} result={result?.form === "mobilePhone" ? result : undefined} />
            <PersonalDataForm profile={profile} latestBirthDate={latestBirthDate} result={result?.form === "personalData" ? result : undefined} />
            <PictureForm result={result?.form === "picture" ? result : undefined} />
          </div>
        </div>
      )}
    </ProfileLayout>
  );
}

type Profile = Route.ComponentProps["loaderData"]["profile"];

type SectionProps = {
  id: string;
  title: string;
  children: React.ReactNode;
  formRef: React.Ref<HTMLFormElement>;
  encType?: "multipart/form-data";
  form?: { id: string; onSubmit: (event: React.FormEvent<HTMLFormElement>) => void };
};

function Section({ id, title, children, formRef, encType, form }: SectionProps) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-slate-300 p-5">
      <h2 id={`${id}-title`} className="mb-4 text-xl font-bold">
        {title}
      </h2>
      <Form
        method="post"
        id={form?.id}
        onSubmit={form?.onSubmit}
        ref={formRef}
        encType={encType}
        className="flex flex-col gap-4"
        noValidate
        data-testid={`form-${id}`}
      >
        <AuthenticityTokenInput name="csrf" />
        {children}
      </Form>
    </section>
  );
}

function UserDataForm({ profile, result }: { profile: Profile; result?: FormReply }) {
  const { t } = useTranslation("account");
  const [form] = useSchemaForm(() => import("#core/contract/profile.ts").then((m) => m.UpdateUserDataSchema), result, { id: "userData" });
  const { message, errors, value, submitted } = formView(form);
  // Sent back with an error: what was typed (a field left empty stays empty), else the stored value.
  const shown = (name: string, stored: string) => (submitted ? (value(name) ?? "") : stored);
  const ref = useFocusFirstError(result);
  const first = firstErrorField(errors, ["firstName", "lastName", "gender", "profession", "professionalNumber"]);
  return (
    <Section id="user-data" title={t("infos.userData")} formRef={ref} form={form}>
      <FormMessage message={message} />
      <NameFields
        labels={{ firstName: t("fields.firstName"), lastName: t("fields.lastName") }}
        defaults={{ firstName: shown("firstName", profile.firstName), lastName: shown("lastName", profile.lastName) }}
        errors={errors}
        first={first}
      />
      <SelectField
        name="gender"
        label={t("fields.gender")}
        defaultValue={shown("gender", profile.gender ?? "")}
        errors={errors.gender}
        options={GENDERS.map((value) => ({ value, label: t(`genders.${value || "none"}`) }))}
      />
      <SelectField
        name="profession"
        label={t("fields.profession")}
        required
        defaultValue={shown("profession", profile.profession)}
        errors={errors.profession}
        options={PROFESSIONS.map((value) => ({ value, label: t(`professions.${value}`) }))}
      />
      <TextField
        name="professionalNumber"
        label={t("fields.professionalNumber")}
        defaultValue={shown("professionalNumber", profile.professionalNumber ?? "")}
        errors={errors.professionalNumber}
        autoFocus={first === "professionalNumber" || undefined}
      />
      <SubmitButton intent="userData">{t("infos.save")}</SubmitButton>
    </Section>
  );
}

function MobilePhoneForm({ profile, result }: { profile: Profile; result?: FormReply }) {
  const { t } = useTranslation("account");
  const [form] = useSchemaForm(() => import("#core/contract/profile.ts").then((m) => m.UpdateMobilePhoneSchema), result, { id: "mobilePhone" });
  const { message, errors, value, submitted } = formView(form);
  // Sent back with an error: what was typed (a field left empty stays empty), else the stored value.
  const shown = (name: string, stored: string) => (submitted ? (value(name) ?? "") : stored);
  const ref = useFocusFirstError(result);
  return (
    <Section id="mobile-phone" title={t("infos.mobilePhone")} formRef={ref} form={form}>
      <FormMessage message={message} />
      <TextField
        name="mobilePhone"
        type="tel"
        label={t("fields.mobilePhone")}
        autoComplete="tel"
        defaultValue={shown("mobilePhone", profile.mobilePhone ?? "")}
        errors={errors.mobilePhone}
        autoFocus={errors.mobilePhone ? true : undefined}
      />
      <SubmitButton intent="mobilePhone">{t("infos.save")}</SubmitButton>
    </Section>
  );
}

function PersonalDataForm({ profile, latestBirthDate, result }: { profile: Profile; latestBirthDate: string; result?: FormReply }) {
  const { t } = useTranslation("account");
  const [form] = useSchemaForm(() => import("#core/contract/profile.ts").then((m) => m.updatePersonalDataSchema(toParisDate(new Date()))), result, {
    id: "personalData",
  });
  const { message, errors, value, submitted } = formView(form);
  // Sent back with an error: what was typed (a field left empty stays empty), else the stored value.
  const shown = (name: string, stored: string) => (submitted ? (value(name) ?? "") : stored);
  const ref = useFocusFirstError(result);
  const first = firstErrorField(errors, ["phone", "birthDate", "registeredOn"]);
  return (
    <Section id="personal-data" title={t("infos.personalData")} formRef={ref} form={form}>
      <FormMessage message={message} />
      <TextField
        name="phone"
        type="tel"
        label={t("fields.phone")}
        autoComplete="tel"
        defaultValue={shown("phone", profile.phone ?? "")}
        errors={errors.phone}
        autoFocus={first === "phone" || undefined}
      />
      <TextField
        name="birthDate"
        type="date"
        min={EARLIEST_BIRTH_DATE}
        max={latestBirthDate}
        label={t("fields.birthDate")}
        autoComplete="bday"
        defaultValue={shown("birthDate", profile.birthDate?.slice(0, 10) ?? "")}
        errors={errors.birthDate}
        autoFocus={first === "birthDate" || undefined}
      />
      <TextField
        name="registeredOn"
        type="date"
        max={toParisDate(new Date())}
        label={t("fields.registeredOn")}
        hint={t("fields.registeredOnHint")}
        defaultValue={shown("registeredOn", profile.registeredOn ?? "")}
        errors={errors.registeredOn}
        autoFocus={first === "registeredOn" || undefined}
      />
      <SubmitButton intent="personalData">{t("infos.save")}</SubmitButton>
    </Section>
  );
}

function PictureForm({ result }: { result?: FormReply }) {
  const { t } = useTranslation("account");
  const ref = useFocusFirstError(result);
  const errors = replyErrors(result);
  return (
    <Section id="picture" title={t("infos.picture")} formRef={ref} encType="multipart/form-data">
      <FormMessage message={errors.picture ? undefined : replyMessage(result)} />
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
