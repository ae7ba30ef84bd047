/** The URL of a document of the documents folder ("fr/guide.md" -> "/docs/fr/guide.md"). */
export function documentHref(docsPath: string, file: string): string {
  return `${docsPath.replace(/\/+$/, "")}/${file.split("/").map(encodeURIComponent).join("/")}`;
}
