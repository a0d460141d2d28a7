import "server-only";

/** The built-in types DGII's e-CF and RFCE schemas restrict (no xs:date: DGII writes dates as text). */
export type XsdBase = "string" | "decimal" | "integer";

/** A simple type: its base and facets, read once from the XSD. */
export interface SimpleTypeModel {
  /** The XSD type name, or `(anónimo)` for an inline one; shown in no message, kept for debugging. */
  name: string;
  base: XsdBase;
  /** Patterns of one restriction are alternatives (XSD ORs them); JS RegExps, anchored. */
  patterns: Array<{ source: string; regexp: RegExp }>;
  /** Lexical forms as DGII lists them (for a numeric base, compared by value). */
  enumeration?: string[];
  length?: number;
  minLength?: number;
  maxLength?: number;
  totalDigits?: number;
  fractionDigits?: number;
  /** Decimal text of each bound. */
  minInclusive?: string;
  maxInclusive?: string;
  minExclusive?: string;
  maxExclusive?: string;
}

export interface ElementModel {
  kind: "element";
  name: string;
  minOccurs: number;
  /** `Infinity` for unbounded. */
  maxOccurs: number;
  content: { kind: "simple"; type: SimpleTypeModel } | { kind: "complex"; group: GroupModel };
}

/** `xs:any`: in DGII's roots, the place of the XMLDSig signature, added after the walk by the signer. */
export interface AnyModel {
  kind: "any";
  minOccurs: number;
  maxOccurs: number;
}

export interface GroupModel {
  kind: "sequence" | "choice" | "all";
  minOccurs: number;
  maxOccurs: number;
  particles: Array<ElementModel | GroupModel | AnyModel>;
  /** Every element name a JSON object may hold here (through nested groups too), for unknown keys. */
  names: Set<string>;
}

export interface CompiledSchema {
  root: ElementModel;
  /** Element name → the parent paths where it is allowed (`ECF.Encabezado.IdDoc`), for UNKNOWN_FIELD hints. */
  placesByName: Map<string, string[]>;
}

/** A complex element that is valid with no children at all (every particle optional). */
export function admitsEmpty(element: ElementModel): boolean {
  const optional = (particle: GroupModel["particles"][number]): boolean =>
    particle.minOccurs === 0 ||
    (particle.kind !== "element" && particle.kind !== "any" && groupAdmitsEmpty(particle));
  const groupAdmitsEmpty = (group: GroupModel): boolean =>
    group.kind === "choice" ? group.particles.some(optional) : group.particles.every(optional);
  return element.content.kind === "complex" && groupAdmitsEmpty(element.content.group);
}
