import "server-only";

/**
 * The e-CF's schema part: DGII's official XSD for each type (reference/dgii-xsd/, fixed at load time
 * where DGII's files are broken) walked to turn MSeller's JSON body into the XML DGII expects.
 */
export { buildEcfXml, XML_DECLARATION, type BuildEcfOptions, type BuildEcfResult } from "./walk-ecf";
export { ecfTypeOf } from "./ecf-type-of";
export { ECF_SCHEMA_ERROR_CODES, type EcfSchemaErrorCode } from "./error-codes";
export { isEmptyValue } from "./json-values";
export { loadXsd, readOfficialXsd, XSD_FILE_NAMES, type EcfSchemaName } from "./load-xsd";
