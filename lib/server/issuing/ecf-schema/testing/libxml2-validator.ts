import { loadXsd, type EcfSchemaName } from "../load-xsd";

// The independent check of the walker: libxml2 (WebAssembly) validating the built XML against DGII's
// schema, with the same load-time fixes. Test-only; the simulator has its own validator.
type Libxml2 = typeof import("libxml2-wasm");
let libxml2: Promise<Libxml2> | undefined;
const validators = new Map<EcfSchemaName, import("libxml2-wasm").XsdValidator>();

/** The XSD's required xs:any after FechaHoraFirma is the signature; a stand-in takes its place. */
export const withStandInSignature = (xml: string, root = "ECF") =>
  xml.replace(`</${root}>`, `<Signature/></${root}>`);

/** libxml2's messages for the document (empty when it is valid). */
export async function libxml2Errors(schema: EcfSchemaName, xml: string): Promise<string[]> {
  const lib = await (libxml2 ??= import("libxml2-wasm"));
  let validator = validators.get(schema);
  if (!validator) {
    const schemaDoc = lib.XmlDocument.fromString(loadXsd(schema).replace(/^\uFEFF/, ""));
    try {
      validator = lib.XsdValidator.fromDoc(schemaDoc);
    } finally {
      schemaDoc.dispose();
    }
    validators.set(schema, validator);
  }
  const doc = lib.XmlDocument.fromString(xml);
  try {
    validator.validate(doc);
    return [];
  } catch (error) {
    const details = (error as { details?: Array<{ message: string }> }).details;
    return details?.length ? details.map((detail) => detail.message.trim()) : [String(error)];
  } finally {
    doc.dispose();
  }
}
