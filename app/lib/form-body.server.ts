import { data } from "react-router";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The posted form. A body that is not a form is bad input, answered before anything is done: 415 for
 * another content type (JSON, none), 400 for a form that cannot be read (broken multipart).
 */
export async function formBody(request: Request, message: string): Promise<FormData> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) throw data({ message }, { status: 415 });
  try {
    return await request.formData();
  } catch {
    throw data({ message }, { status: 400 });
  }
}
