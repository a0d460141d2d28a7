import "server-only";
export { buildAnecfXml, prettyPrintXml, ANECF_VERSION, type AnecfInput } from "@/lib/domain/anecf-xml";
export { buildAnecfXmlReference } from "./build-anecf-reference";
export { validateAgainstXsd, type XsdResult, type XsdName } from "./validate-xsd";
