import { Form, useActionData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { BRAND_KEYS } from "#core/branding/brands.ts";
import { LOGIN_IMAGE_TYPES } from "#core/contract/editorial.ts";
import { editorialEndpoints } from "#core/contract/endpoints/editorial.ts";
import { formatInstant, formatKilobytes } from "#core/domain/format.ts";
import type { Route } from "./+types/login-image";
import { AdminToolsMain } from "~/components/admin-tools/admin-tools";
import { ConfirmLink, ConfirmPanel } from "~/components/ui/confirm";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form-message";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { backErrorReply, errorReply } from "~/lib/forms.server";
import { intentAction } from "~/lib/intent-action.server";
import { replyErrors, replyMessage, type FormReply } from "~/lib/form-reply";
import { pathOf } from "~/lib/paths.server";
import { redirectWithToast } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";
import { useRootData } from "~/lib/use-root-data";
import { pageMeta } from "~/lib/meta";

/** /admin/loginImage: the login page's image of each brand, uploaded (PNG, JPEG, WebP or a plain SVG, 2 MB at most) or reset. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const images = await context.get(requestStateContext).back.call(editorialEndpoints.loginImages);
  const confirm = url.searchParams.get("confirm");
  return {
    title: serverT(context, "admin-tools")("loginImage.title"),
    items: images.items,
    confirm: images.items.some((i) => i.brand === confirm && i.url) ? confirm : null,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

/** Both forms name their brand; the upload's file is read from the form data (no schema reads a file). */
const BrandFormSchema = z.strictObject({ brand: z.enum(BRAND_KEYS) });

export async function action({ request, context }: Route.ActionArgs) {
  const t = serverT(context, "admin-tools");
  const { back } = context.get(requestStateContext);
  const refused = () => errorReply({ message: serverT(context, "common")("validation.invalidInput"), status: 422 });
  const done = (message: string) => redirectWithToast(pathOf(context, "admin-login-image"), { type: "success", message });
  return intentAction(
    request,
    context,
    {
      reset: {
        schema: BrandFormSchema,
        invalid: refused,
        run: async ({ value }) => {
          await back.call(editorialEndpoints.resetLoginImage, { params: { brand: value.brand }, body: {} });
          return done(t("loginImage.resetDone"));
        },
      },
      upload: {
        schema: BrandFormSchema,
        omit: ["image"],
        invalid: refused,
        run: async ({ value: { brand }, formData }) => {
          const image = formData.get("image");
          if (!(image instanceof File) || image.size === 0) return errorReply({ fieldErrors: { image: [t("loginImage.required")] }, form: brand, status: 422 });
          const upload = new FormData();
          upload.set("image", image, image.name || "image");
          try {
            await back.call(editorialEndpoints.replaceLoginImage, { params: { brand }, body: upload });
          } catch (error) {
            return backErrorReply(null, error, { form: brand });
          }
          return done(t("loginImage.saved"));
        },
      },
    },
    { unknownIntent: refused },
  );
}

export default function AdminLoginImage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-tools");
  const path = usePagePath();
  const locale = useRootData()?.locale ?? "fr-FR";
  const result = useActionData<FormReply>();
  const { items, confirm } = loaderData;
  return (
    <AdminToolsMain current="admin-login-image" title={t("loginImage.title")} testId="admin-login-image">
      <p className="text-slate-800">{t("loginImage.intro")}</p>
      {result && !result.form ? <FormMessage message={replyMessage(result)} /> : null}
      {confirm ? (
        <ConfirmPanel
          confirmKey={confirm}
          title={t("loginImage.resetQuestion", { brand: t(`brands.${confirm}`) })}
          intent="reset"
          fields={{ brand: confirm }}
          submitLabel={t("loginImage.resetYes")}
          cancelTo={path("admin-login-image")}
          sendsConfirm={false}
        />
      ) : null}
      <ul className="grid gap-6 md:grid-cols-2">
        {items.map((item) => {
          const mine = result?.form === item.brand ? result : undefined;
          const errors = replyErrors(mine).image ?? (mine ? [replyMessage(mine) ?? ""] : undefined);
          const inputId = `image-${item.brand}`;
          return (
            <li key={item.brand} className="flex flex-col gap-3 rounded-md border border-slate-300 p-4" data-testid="login-image-brand" data-brand={item.brand}>
              <h2 className="text-lg font-bold">{t(`brands.${item.brand}`)}</h2>
              {item.url ? (
                <>
                  <img
                    src={item.url}
                    alt={t("loginImage.current", { brand: t(`brands.${item.brand}`) })}
                    className="max-h-40 w-auto self-start rounded border border-slate-200"
                  />
                  <p className="text-sm text-slate-700">
                    {item.contentType} · {formatKilobytes(item.bytes ?? 0, locale)} ·{" "}
                    {item.updatedAt ? formatInstant(item.updatedAt, locale, { dateStyle: "medium" }) : ""}
                  </p>
                  <ConfirmLink confirmKey={item.brand} look="danger">
                    {t("loginImage.reset")}
                  </ConfirmLink>
                </>
              ) : (
                <p className="text-slate-700">{t("loginImage.none")}</p>
              )}
              <Form method="post" encType="multipart/form-data" className="flex flex-col gap-2" noValidate>
                <AuthenticityTokenInput name="csrf" />
                <input type="hidden" name="brand" value={item.brand} />
                <label htmlFor={inputId} className="font-semibold">
                  {t("loginImage.file")}
                </label>
                <input
                  id={inputId}
                  type="file"
                  name="image"
                  accept={LOGIN_IMAGE_TYPES.join(",")}
                  aria-describedby={`${inputId}-hint${errors?.length ? ` ${inputId}-error` : ""}`}
                  aria-invalid={errors?.length ? true : undefined}
                  className="rounded border border-slate-500 p-2"
                />
                <p id={`${inputId}-hint`} className="text-sm text-slate-700">
                  {t("loginImage.hint")}
                </p>
                {errors?.length ? (
                  <p id={`${inputId}-error`} role="alert" className="text-sm font-semibold text-red-700" data-testid="image-error">
                    {errors.join(" ")}
                  </p>
                ) : null}
                <div>
                  <Button type="submit" name="intent" value="upload">
                    {t("loginImage.upload")}
                  </Button>
                </div>
              </Form>
            </li>
          );
        })}
      </ul>
    </AdminToolsMain>
  );
}
