import { TRAINING_TYPES } from "#core/domain/training-type-list.ts";
import type { AdminTraining } from "#core/contract/admin-catalog.ts";
import { ADMIN_BRANDS, AUDIENCE_FLAGS, COMPLIANCE_DPC_TYPES, FUNDING_CODES, PROFESSIONS } from "#core/domain/catalogue-choices.ts";
import { BELGIAN_CATEGORIES } from "#core/domain/compliance-obligations.ts";
import { useTranslation } from "~/i18n/react";
import { Checkbox } from "~/components/ui/checkbox";
import { SelectField, TextAreaField, TextField } from "~/components/ui/form-fields";

type View = { value(name: string): string | undefined; list(name: string): string[]; submitted: boolean; errors: Record<string, string[]> };

/**
 * A training's fields (create and edit): what was typed when the server sent the form back, else the training's
 * values, else empty. Every control is labelled; errors are announced with their field.
 */
export function TrainingFields({ view, training }: { view: View; training?: AdminTraining }) {
  const { t } = useTranslation("admin");
  const text = (name: keyof AdminTraining) => view.value(name) ?? (training ? String(training[name] ?? "") : "");
  const flag = (name: keyof AdminTraining, fallback = false) => (view.submitted ? view.value(name) === "on" : training ? Boolean(training[name]) : fallback);
  const listOf = (name: "availableFunctions" | "fundings") =>
    view.submitted ? view.list(name) : (training?.[name] ?? (name === "availableFunctions" ? [...PROFESSIONS] : []));
  const complianceList = (name: "dpcActionTypes" | "certificationAxes") => (view.submitted ? view.list(name) : (training?.[name] ?? []).map(String));
  const errors = view.errors;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <SelectField
        name="brand"
        label={t("catalog.fields.brand")}
        defaultValue={text("brand") || "fr"}
        errors={errors.brand}
        options={ADMIN_BRANDS.map((b) => ({ value: b, label: t(`brands.${b}`) }))}
      />
      <SelectField
        name="type"
        label={t("catalog.fields.type")}
        defaultValue={text("type") || "formation"}
        errors={errors.type}
        options={TRAINING_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
      />
      <TextField name="name" label={t("catalog.fields.name")} defaultValue={text("name")} errors={errors.name} required maxLength={200} />
      <TextField
        name="slug"
        label={t("catalog.fields.slug")}
        hint={t("catalog.fields.slugHint")}
        defaultValue={text("slug")}
        errors={errors.slug}
        required
        maxLength={120}
      />
      <TextField name="shortName" label={t("catalog.fields.shortName")} defaultValue={text("shortName")} errors={errors.shortName} maxLength={100} />
      <TextField
        name="durationMinutes"
        label={t("catalog.fields.durationMinutes")}
        inputMode="numeric"
        defaultValue={text("durationMinutes")}
        errors={errors.durationMinutes}
        required
      />
      <TextField
        name="priceHt"
        label={t("catalog.fields.priceHt")}
        hint={t("catalog.fields.priceHint")}
        inputMode="decimal"
        defaultValue={text("priceHt")}
        errors={errors.priceHt}
        required
      />
      <TextField name="points" label={t("catalog.fields.points")} inputMode="numeric" defaultValue={text("points") || "0"} errors={errors.points} />
      <TextAreaField
        name="description"
        label={t("catalog.fields.description")}
        defaultValue={text("description")}
        errors={errors.description}
        rows={6}
        className="md:col-span-2"
      />
      <fieldset className="flex flex-col gap-1 md:col-span-2" aria-describedby={errors.availableFunctions ? "availableFunctions-error" : undefined}>
        <legend className="font-semibold">{t("catalog.fields.availableFunctions")}</legend>
        <div className="flex flex-wrap gap-4">
          {PROFESSIONS.map((p) => (
            <Checkbox key={p} name="availableFunctions" value={p} label={t(`professions.${p}`)} defaultChecked={listOf("availableFunctions").includes(p)} />
          ))}
        </div>
        {errors.availableFunctions ? (
          <p id="availableFunctions-error" className="text-sm font-semibold text-red-700">
            {errors.availableFunctions.join(" ")}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="flex flex-col gap-1 md:col-span-2">
        <legend className="font-semibold">{t("catalog.fields.fundings")}</legend>
        <div className="flex flex-wrap gap-4">
          {FUNDING_CODES.map((code) => (
            <Checkbox key={code} name="fundings" value={code} label={t(`catalog.fundingCodes.${code}`)} defaultChecked={listOf("fundings").includes(code)} />
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-1 md:col-span-2">
        <legend className="font-semibold">{t("catalog.fields.audience")}</legend>
        <div className="flex flex-wrap gap-4">
          {AUDIENCE_FLAGS.map((name) => (
            <Checkbox
              key={name}
              name={name}
              label={t(`catalog.audience.${name}`)}
              defaultChecked={flag(name)}
              errorMessage={errors[name]?.join(" ")}
              invalid={Boolean(errors[name])}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-1 md:col-span-2">
        <legend className="font-semibold">{t("catalog.fields.availability")}</legend>
        <div className="flex flex-wrap gap-4">
          <Checkbox name="availableOnSpace" label={t("catalog.fields.availableOnSpace")} defaultChecked={flag("availableOnSpace", true)} />
          <Checkbox name="availableOnStore" label={t("catalog.fields.availableOnStore")} defaultChecked={flag("availableOnStore", true)} />
          <Checkbox name="free" label={t("catalog.fields.free")} defaultChecked={flag("free")} />
        </div>
      </fieldset>
      <fieldset className="grid gap-3 md:col-span-2" data-testid="compliance-fields">
        <legend className="font-semibold">{t("catalog.compliance.legend")}</legend>
        <fieldset aria-describedby={errors.dpcActionTypes ? "dpcActionTypes-error" : undefined}>
          <legend>{t("catalog.compliance.dpcActionTypes")}</legend>
          <div className="flex flex-wrap gap-4">
            {COMPLIANCE_DPC_TYPES.map((type) => (
              <Checkbox
                key={type}
                name="dpcActionTypes"
                value={type}
                label={t(`catalog.compliance.dpcTypes.${type}`)}
                defaultChecked={complianceList("dpcActionTypes").includes(type)}
              />
            ))}
          </div>
          {errors.dpcActionTypes ? (
            <p id="dpcActionTypes-error" className="text-sm font-semibold text-red-700">
              {errors.dpcActionTypes.join(" ")}
            </p>
          ) : null}
        </fieldset>
        <Checkbox name="priorityOrientation" label={t("catalog.compliance.priorityOrientation")} defaultChecked={flag("priorityOrientation")} />
        <fieldset aria-describedby={errors.certificationAxes ? "certificationAxes-error" : undefined}>
          <legend>{t("catalog.compliance.certificationAxes")}</legend>
          <div className="flex flex-wrap gap-4">
            {["1", "2", "3", "4"].map((axis) => (
              <Checkbox
                key={axis}
                name="certificationAxes"
                value={axis}
                label={t("catalog.compliance.axis", { axis })}
                defaultChecked={complianceList("certificationAxes").includes(axis)}
              />
            ))}
          </div>
          {errors.certificationAxes ? (
            <p id="certificationAxes-error" className="text-sm font-semibold text-red-700">
              {errors.certificationAxes.join(" ")}
            </p>
          ) : null}
        </fieldset>
        <div className="grid gap-4 md:grid-cols-2">
          <SelectField
            name="belgianCategory"
            label={t("catalog.compliance.belgianCategory")}
            defaultValue={text("belgianCategory")}
            errors={errors.belgianCategory}
            options={[
              { value: "", label: t("catalog.compliance.none") },
              ...BELGIAN_CATEGORIES.map((c) => ({ value: c, label: t(`catalog.compliance.categories.${c}`) })),
            ]}
          />
          <TextField
            name="rcfCredits"
            label={t("catalog.compliance.rcfCredits")}
            hint={t("catalog.compliance.rcfHint")}
            inputMode="decimal"
            defaultValue={text("rcfCredits")}
            errors={errors.rcfCredits}
          />
        </div>
      </fieldset>
      <TextField name="seoTitle" label={t("catalog.fields.seoTitle")} defaultValue={text("seoTitle")} errors={errors.seoTitle} maxLength={200} />
      <TextField
        name="seoDescription"
        label={t("catalog.fields.seoDescription")}
        defaultValue={text("seoDescription")}
        errors={errors.seoDescription}
        maxLength={500}
      />
    </div>
  );
}
