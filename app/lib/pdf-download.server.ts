/**
 * A PDF the back API produced, handed on to the browser as a download: the back's file name when it gave one, and
 * never kept by a cache (invoices, attendance sheets and credit notes are private).
 */
export function pdfDownload(file: Response): Response {
  return new Response(file.body, {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": file.headers.get("content-disposition") ?? "attachment",
      "cache-control": "private, no-store",
    },
  });
}
