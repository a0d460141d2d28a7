import "server-only";

/**
 * The optional evidence file of a settlement form ("evidence"), or null when none was chosen. An
 * empty file input still posts a file part — with no bytes, and a name the browser or the server
 * action's encoding may fill in ("blob") — so an empty part is no evidence, never a refused one.
 */
export async function evidenceField(
  formData: FormData,
): Promise<{ fileName: string; content: Uint8Array } | null> {
  const file = formData.get("evidence");
  if (!(file instanceof Blob) || file.size === 0) return null;
  return { fileName: (file as File).name ?? "", content: new Uint8Array(await file.arrayBuffer()) };
}
