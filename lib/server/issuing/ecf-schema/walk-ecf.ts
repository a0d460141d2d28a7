import "server-only";

import { ecfError, type EcfValidationError } from "@/lib/domain/ecf-validation";

import { checkValue } from "./check-value";
import { compiledSchema } from "./compile-schema";
import type { EcfSchemaName } from "./load-xsd";
import { escapeXml, isEmptyValue, isPlainObject } from "./json-values";
import { admitsEmpty } from "./schema-model";
import type { CompiledSchema, ElementModel, GroupModel } from "./schema-model";

export const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';

/** The root element the signing service fills in itself; a value in the body is ignored. */
const SIGNING_TIME = "FechaHoraFirma";

export interface BuildEcfOptions {
  /** `dd-MM-yyyy HH:mm:ss`, written as the root's FechaHoraFirma (the body's own value is ignored). */
  fechaHoraFirma?: string;
}

export type BuildEcfResult = { ok: true; xml: string } | { ok: false; errors: EcfValidationError[] };

/**
 * The e-CF XML of a body `{ "ECF": { … } }` (MSeller's shape: DGII's element names, a repeated element
 * as a JSON array), built by walking DGII's XSD for the type: elements in the schema's order whatever
 * the JSON's key order, empty values left out, each scalar checked against its type's facets. Every
 * problem is reported at once, with its JSON path (`ECF.DetallesItems.Item[0].MontoItem`, indexes from
 * 0 as in the JSON). The XML is compact, unsigned (the signature goes where the schema's xs:any is)
 * and has no namespace, as DGII's documents.
 */
export function buildEcfXml(
  schema: EcfSchemaName,
  body: unknown,
  options: BuildEcfOptions = {},
): BuildEcfResult {
  return buildXmlFromSchema(compiledSchema(schema), body, options);
}

/** The same walk over any compiled schema (the tests' small ones). */
export function buildXmlFromSchema(
  schema: CompiledSchema,
  body: unknown,
  options: BuildEcfOptions = {},
): BuildEcfResult {
  const walker = new EcfWalker(schema, options);
  const xml = walker.walkBody(body);
  return walker.errors.length > 0
    ? { ok: false, errors: walker.errors }
    : { ok: true, xml: XML_DECLARATION + xml };
}

class EcfWalker {
  readonly errors: EcfValidationError[] = [];

  constructor(
    private readonly schema: CompiledSchema,
    private readonly options: BuildEcfOptions,
  ) {}

  private report(code: string, field: string, details: string) {
    this.errors.push(ecfError(code, field, details));
  }

  walkBody(body: unknown): string {
    const root = this.schema.root;
    if (!isPlainObject(body)) {
      this.report("WRONG_TYPE", root.name, `El cuerpo debe ser un objeto JSON { "${root.name}": { … } }.`);
      return "";
    }
    for (const key of Object.keys(body)) {
      if (key !== root.name && !isEmptyValue(body[key])) {
        this.report(
          "UNKNOWN_FIELD",
          key,
          `${key} no es parte del documento: el cuerpo lleva solo "${root.name}".`,
        );
      }
    }
    return this.occurrences(root, body[root.name], "");
  }

  /** The element's occurrences under `parentPath`: one value, or a JSON array for a repeated element. */
  private occurrences(element: ElementModel, value: unknown, parentPath: string): string {
    const path = parentPath ? `${parentPath}.${element.name}` : element.name;
    const isRoot = parentPath === this.schema.root.name;
    if (isRoot && element.name === SIGNING_TIME) return this.signingTime(element, path);
    if (isEmptyValue(value)) {
      // A required group with nothing required inside (RFCE's Comprador for an anonymous consumer):
      // the XSD wants the element, DGII's format calls the area optional, so it is written empty.
      if (element.minOccurs > 0 && admitsEmpty(element)) return `<${element.name}></${element.name}>`;
      if (element.minOccurs > 0)
        this.report(
          "REQUIRED",
          path,
          `Falta ${element.name}: es obligatorio en ${parentPath || "el cuerpo"}.`,
        );
      return "";
    }
    if (!Array.isArray(value)) return this.one(element, value, path); // one object for a list: a list of one
    if (element.maxOccurs === 1) {
      this.report("NOT_REPEATABLE", path, `${element.name} admite un solo valor, no una lista.`);
      return "";
    }
    const present = value.filter((item) => !isEmptyValue(item)).length;
    if (present > element.maxOccurs) {
      this.report(
        "TOO_MANY",
        path,
        `${element.name} admite como máximo ${element.maxOccurs} elementos; se recibieron ${present}.`,
      );
    } else if (present < element.minOccurs) {
      this.report(
        "REQUIRED",
        path,
        `${element.name} requiere al menos ${element.minOccurs} elementos; se recibieron ${present}.`,
      );
    }
    let xml = "";
    value.forEach((item, index) => {
      if (!isEmptyValue(item)) xml += this.one(element, item, `${path}[${index}]`);
    });
    return xml;
  }

  private one(element: ElementModel, value: unknown, path: string): string {
    const { name, content } = element;
    if (content.kind === "simple") {
      const checked = checkValue(content.type, value, path, name);
      if (!checked.ok) {
        this.errors.push(checked.error);
        return "";
      }
      return `<${name}>${escapeXml(checked.text)}</${name}>`;
    }
    if (!isPlainObject(value)) {
      const given = Array.isArray(value) ? "una lista" : `el valor ${JSON.stringify(value)}`;
      this.report(
        "WRONG_TYPE",
        path,
        `${name} es un grupo: debe ser un objeto con sus elementos, no ${given}.`,
      );
      return "";
    }
    this.unknownKeys(content.group, value, path);
    const inner = this.group(content.group, value, path);
    return inner === "" ? "" : `<${name}>${inner}</${name}>`;
  }

  private group(group: GroupModel, value: Record<string, unknown>, path: string): string {
    if (group.kind === "choice") return this.choice(group, value, path);
    let xml = "";
    for (const particle of group.particles) {
      if (particle.kind === "element") xml += this.occurrences(particle, value[particle.name], path);
      else if (
        particle.kind !== "any" &&
        (particle.minOccurs > 0 || givenNames(particle, value).length > 0)
      ) {
        xml += this.group(particle, value, path);
      }
      // xs:any is where DGII's roots take the XMLDSig signature, appended later by the signer.
    }
    return xml;
  }

  private choice(group: GroupModel, value: Record<string, unknown>, path: string): string {
    const branches = group.particles.filter((particle) => particle.kind !== "any");
    const given = branches.filter((branch) =>
      branch.kind === "element" ? !isEmptyValue(value[branch.name]) : givenNames(branch, value).length > 0,
    );
    const label = (branch: (typeof branches)[number]) =>
      branch.kind === "element" ? branch.name : [...branch.names].join("+");
    if (given.length > 1) {
      const names = given.map(label);
      this.report(
        "CHOICE",
        `${path}.${givenNames(group, value)[1]}`,
        `Solo uno de ${branches.map(label).join(", ")} puede indicarse en ${path}; se recibieron ${names.join(" y ")}.`,
      );
      return "";
    }
    if (given.length === 0) {
      if (group.minOccurs > 0)
        this.report("REQUIRED", path, `Falta uno de ${branches.map(label).join(", ")} en ${path}.`);
      return "";
    }
    const branch = given[0]!;
    return branch.kind === "element"
      ? this.occurrences(branch, value[branch.name], path)
      : this.group(branch, value, path);
  }

  private unknownKeys(group: GroupModel, value: Record<string, unknown>, path: string) {
    for (const key of Object.keys(value)) {
      if (group.names.has(key) || isEmptyValue(value[key])) continue;
      const field = `${path}.${key}`;
      const sameButCase = [...group.names].find((name) => name.toLowerCase() === key.toLowerCase());
      const places = (this.schema.placesByName.get(key) ?? []).filter((place) => place !== path);
      const hint = sameButCase
        ? ` ¿Quiso decir ${sameButCase}? (los nombres distinguen mayúsculas)`
        : places.length > 0
          ? ` ${key} va en ${places.join(" o ")}.`
          : "";
      this.report(
        "UNKNOWN_FIELD",
        field,
        `${key} no es un elemento de ${path} en el esquema de DGII.${hint}`,
      );
    }
  }

  private signingTime(element: ElementModel, path: string): string {
    const value = this.options.fechaHoraFirma;
    if (value === undefined || value.trim() === "") {
      if (element.minOccurs > 0)
        this.report("REQUIRED", path, `Falta ${element.name}: el servicio la fija al firmar y no se indicó.`);
      return "";
    }
    return this.one(element, value, path);
  }
}

/** The names of a group (through nested groups) that the object gives a value to, in schema order. */
function givenNames(group: GroupModel, value: Record<string, unknown>): string[] {
  return [...group.names].filter((name) => !isEmptyValue(value[name]));
}
