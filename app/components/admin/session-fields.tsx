import { TextField } from "~/components/ui/form-fields";
import { useTranslation } from "~/i18n/react";

/** A session's fields (the training page's "add a session" and the session page's edit form). */
export function SessionFields({
  view,
  virtual,
  values,
}: {
  view: { value(name: string): string | undefined; errors: Record<string, string[]> };
  virtual: boolean;
  values?: Record<string, string | number | null>;
}) {
  const { t } = useTranslation("admin");
  const v = (name: string) => view.value(name) ?? (values?.[name] !== undefined && values[name] !== null ? String(values[name]) : "");
  return (
    <>
      <TextField name="name" label={t("sessions.fields.name")} defaultValue={v("name")} errors={view.errors.name} required />
      <TextField name="startDate" type="date" label={t("sessions.fields.startDate")} defaultValue={v("startDate")} errors={view.errors.startDate} required />
      <TextField
        name="maxParticipants"
        inputMode="numeric"
        label={t("sessions.fields.maxParticipants")}
        defaultValue={v("maxParticipants")}
        errors={view.errors.maxParticipants}
        required
      />
      <TextField name="startTime" type="time" label={t("sessions.fields.startTime")} defaultValue={v("startTime")} errors={view.errors.startTime} required />
      <TextField name="endTime" type="time" label={t("sessions.fields.endTime")} defaultValue={v("endTime")} errors={view.errors.endTime} required />
      {virtual ? (
        <TextField
          name="virtualClassUrl"
          type="url"
          label={t("sessions.fields.virtualClassUrl")}
          defaultValue={v("virtualClassUrl")}
          errors={view.errors.virtualClassUrl}
        />
      ) : (
        <>
          <TextField name="city" label={t("sessions.fields.city")} defaultValue={v("city")} errors={view.errors.city} />
          <TextField name="postalCode" label={t("sessions.fields.postalCode")} defaultValue={v("postalCode")} errors={view.errors.postalCode} />
          <TextField name="address" label={t("sessions.fields.address")} defaultValue={v("address")} errors={view.errors.address} />
        </>
      )}
    </>
  );
}
