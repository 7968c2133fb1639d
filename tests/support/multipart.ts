/** A form field, or a file part: name, bytes, file name and declared type. */
export type Part = [name: string, value: string] | [name: string, bytes: Uint8Array, fileName: string, type?: string];

/** A multipart form for fetch (new posts with media, as a browser sends them). */
export function multipart(parts: Part[]) {
  const form = new FormData();
  for (const part of parts) {
    if (part.length === 2) form.append(part[0], part[1]);
    else
      form.append(
        part[0],
        new Blob([part[1] as Uint8Array<ArrayBuffer>], { type: part[3] ?? "application/octet-stream" }),
        part[2],
      );
  }
  return form;
}
