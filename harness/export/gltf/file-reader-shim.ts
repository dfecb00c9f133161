/**
 * three's GLTFExporter turns its geometry buffer into a `data:` URI with the browser's
 * `FileReader.readAsDataURL`, which Node 20 lacks (it has `Blob`). This is the small part of
 * FileReader the exporter uses, installed only for the duration of an export and only when no
 * FileReader exists.
 */
class BlobDataUrlReader {
  result: string | ArrayBuffer | null = null;
  onloadend: (() => void) | null = null;

  readAsDataURL(blob: Blob): void {
    void blob.arrayBuffer().then((bytes) => {
      this.result = `data:${blob.type || "application/octet-stream"};base64,${Buffer.from(bytes).toString("base64")}`;
      this.onloadend?.();
    });
  }

  readAsArrayBuffer(blob: Blob): void {
    void blob.arrayBuffer().then((bytes) => {
      this.result = bytes;
      this.onloadend?.();
    });
  }
}

/** Runs `work` with a FileReader available on globalThis, then puts things back as they were. */
export async function withFileReader<T>(work: () => Promise<T>): Promise<T> {
  const g = globalThis as { FileReader?: unknown };
  if (g.FileReader) return work();
  g.FileReader = BlobDataUrlReader;
  try {
    return await work();
  } finally {
    delete g.FileReader;
  }
}
