import "server-only";
import { DOMParser, type Element as XmlElement } from "@xmldom/xmldom";

import { loadXsd, type EcfSchemaName } from "./load-xsd";
import type {
  AnyModel,
  CompiledSchema,
  ElementModel,
  GroupModel,
  SimpleTypeModel,
  XsdBase,
} from "./schema-model";
import { xsdPatternToRegExp } from "./xsd-regex";

/**
 * DGII's XSD read into the model the walker follows: the element tree from the root, its groups and
 * occurrences, each simple type's base and facets. Only what DGII's e-CF and RFCE schemas use is
 * understood; any other construct or attribute throws here, naming itself, so a new DGII file that
 * needs more fails loudly when it is first compiled instead of being walked wrongly.
 */

const XS = "http://www.w3.org/2001/XMLSchema";
const BASES: Record<string, XsdBase> = {
  "xs:string": "string",
  "xs:decimal": "decimal",
  "xs:integer": "integer",
};
const COUNT_FACETS = ["length", "minLength", "maxLength", "totalDigits", "fractionDigits"] as const;
const BOUND_FACETS = ["minInclusive", "maxInclusive", "minExclusive", "maxExclusive"] as const;
const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  element: ["name", "type", "minOccurs", "maxOccurs"],
  complexType: ["name"],
  simpleType: ["name", "final"], // `final` only limits derivation by other schemas
  sequence: ["minOccurs", "maxOccurs"],
  choice: ["minOccurs", "maxOccurs"],
  all: ["minOccurs", "maxOccurs"],
  any: ["processContents", "minOccurs", "maxOccurs"],
  restriction: ["base"],
};

export class UnsupportedXsdError extends Error {}

const where = (node: XmlElement) =>
  `<xs:${node.localName}${node.getAttribute("name") ? ` name="${node.getAttribute("name")}"` : ""}>`;

function fail(node: XmlElement, what: string): never {
  throw new UnsupportedXsdError(`XSD ${where(node)}: ${what} is not supported by the e-CF walker`);
}

function childrenOf(node: XmlElement): XmlElement[] {
  const children: XmlElement[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType !== 1) continue; // comments, whitespace
    const element = child as XmlElement;
    if (element.namespaceURI !== XS) fail(element, "an element outside the XSD namespace");
    const allowed = ALLOWED_ATTRIBUTES[element.localName ?? ""];
    for (let i = 0; allowed && i < element.attributes.length; i++) {
      const attribute = element.attributes.item(i)!.name;
      if (!allowed.includes(attribute) && !attribute.startsWith("xmlns"))
        fail(element, `the attribute ${attribute}`);
    }
    children.push(element);
  }
  return children;
}

function occurs(node: XmlElement): { minOccurs: number; maxOccurs: number } {
  const min = node.getAttribute("minOccurs") || "1";
  const max = node.getAttribute("maxOccurs") || "1";
  if (!/^\d+$/.test(min) || !/^(\d+|unbounded)$/.test(max))
    fail(node, `minOccurs="${min}" maxOccurs="${max}"`);
  return { minOccurs: Number(min), maxOccurs: max === "unbounded" ? Infinity : Number(max) };
}

class SchemaCompiler {
  private readonly simpleTypes = new Map<string, SimpleTypeModel>();
  private readonly namedSimple = new Map<string, XmlElement>();
  private readonly namedComplex = new Map<string, XmlElement>();
  private readonly complexInProgress = new Set<string>();
  readonly placesByName = new Map<string, string[]>();

  constructor(private readonly schemaNode: XmlElement) {
    for (const child of childrenOf(schemaNode)) {
      const name = child.getAttribute("name") ?? "";
      if (child.localName === "simpleType") this.namedSimple.set(name, child);
      else if (child.localName === "complexType") this.namedComplex.set(name, child);
      else if (child.localName !== "element") fail(child, "a top-level declaration of this kind");
    }
  }

  root(name: string): ElementModel {
    const node = childrenOf(this.schemaNode).find(
      (child) => child.localName === "element" && child.getAttribute("name") === name,
    );
    if (!node) throw new UnsupportedXsdError(`XSD has no top-level element "${name}"`);
    return this.element(node, "");
  }

  private element(node: XmlElement, parentPath: string): ElementModel {
    const name = node.getAttribute("name");
    if (!name) fail(node, "an element without a name (ref=…)");
    if (parentPath) this.placesByName.set(name, [...(this.placesByName.get(name) ?? []), parentPath]);
    const path = parentPath ? `${parentPath}.${name}` : name;
    const typeName = node.getAttribute("type");
    const inline = childrenOf(node);
    if (typeName && inline.length > 0) fail(node, "both a type attribute and an inline type");
    let content: ElementModel["content"];
    if (typeName && this.namedComplex.has(typeName)) {
      if (this.complexInProgress.has(typeName)) fail(node, `the recursive type ${typeName}`);
      this.complexInProgress.add(typeName);
      content = { kind: "complex", group: this.complexType(this.namedComplex.get(typeName)!, path) };
      this.complexInProgress.delete(typeName);
    } else if (typeName) {
      content = { kind: "simple", type: this.namedSimpleType(node, typeName) };
    } else if (inline.length === 1 && inline[0]!.localName === "complexType") {
      content = { kind: "complex", group: this.complexType(inline[0]!, path) };
    } else if (inline.length === 1 && inline[0]!.localName === "simpleType") {
      content = { kind: "simple", type: this.simpleType(inline[0]!, "(anónimo)") };
    } else {
      fail(node, "an element without a type (xs:anyType) or with several inline types");
    }
    return { kind: "element", name, ...occurs(node), content };
  }

  private complexType(node: XmlElement, path: string): GroupModel {
    const children = childrenOf(node);
    if (children.length !== 1) fail(node, "a complex type that is not exactly one sequence, choice or all");
    return this.group(children[0]!, path);
  }

  private group(node: XmlElement, path: string): GroupModel {
    const kind = node.localName;
    if (kind !== "sequence" && kind !== "choice" && kind !== "all") fail(node, "this content model");
    const group: GroupModel = { kind, ...occurs(node), particles: [], names: new Set() };
    // A JSON object names each child once, so a group repeated as a whole cannot be told apart.
    if (group.maxOccurs > 1) fail(node, "a repeated group (maxOccurs > 1 on a sequence/choice/all)");
    for (const child of childrenOf(node)) {
      if (child.localName === "element") {
        const element = this.element(child, path);
        if (group.names.has(element.name)) fail(child, "an element name used twice in one content model");
        group.names.add(element.name);
        group.particles.push(element);
      } else if (child.localName === "any") {
        group.particles.push({ kind: "any", ...occurs(child) } satisfies AnyModel);
      } else {
        const nested = this.group(child, path);
        for (const name of nested.names) {
          if (group.names.has(name)) fail(child, "an element name used twice in one content model");
          group.names.add(name);
        }
        group.particles.push(nested);
      }
    }
    return group;
  }

  private namedSimpleType(node: XmlElement, typeName: string): SimpleTypeModel {
    const cached = this.simpleTypes.get(typeName);
    if (cached) return cached;
    const definition = this.namedSimple.get(typeName);
    if (!definition)
      fail(node, `the type "${typeName}", which the schema does not define (or a built-in type)`);
    const type = this.simpleType(definition, typeName);
    this.simpleTypes.set(typeName, type);
    return type;
  }

  private simpleType(node: XmlElement, name: string): SimpleTypeModel {
    const children = childrenOf(node);
    const restriction = children[0];
    if (children.length !== 1 || restriction?.localName !== "restriction")
      fail(node, "a simple type that is not one restriction");
    const base = BASES[restriction.getAttribute("base") ?? ""];
    if (!base) fail(restriction, `the base type "${restriction.getAttribute("base")}"`);
    const type: SimpleTypeModel = { name, base, patterns: [] };
    for (const facet of childrenOf(restriction)) {
      const value = facet.getAttribute("value");
      if (value === null) fail(facet, "a facet without a value");
      const facetName = facet.localName ?? "";
      if (facetName === "pattern") type.patterns.push({ source: value, regexp: xsdPatternToRegExp(value) });
      else if (facetName === "enumeration") (type.enumeration ??= []).push(value);
      else if ((COUNT_FACETS as readonly string[]).includes(facetName)) {
        if (!/^\d+$/.test(value)) fail(facet, `the value "${value}"`);
        type[facetName as (typeof COUNT_FACETS)[number]] = Number(value);
      } else if ((BOUND_FACETS as readonly string[]).includes(facetName)) {
        if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value.trim())) fail(facet, `the bound "${value}"`);
        type[facetName as (typeof BOUND_FACETS)[number]] = value.trim();
      } else fail(facet, "this facet");
    }
    return type;
  }
}

/** Compiles XSD text (tests use this with small schemas of their own). */
export function compileSchemaText(xsd: string, rootName: string): CompiledSchema {
  const doc = new DOMParser().parseFromString(xsd.replace(/^\uFEFF/, ""), "text/xml");
  const schemaNode = doc.documentElement;
  if (!schemaNode || schemaNode.namespaceURI !== XS || schemaNode.localName !== "schema") {
    throw new UnsupportedXsdError("not an XSD: the document element is not xs:schema");
  }
  const compiler = new SchemaCompiler(schemaNode);
  const root = compiler.root(rootName);
  return { root, placesByName: compiler.placesByName };
}

const compiled = new Map<EcfSchemaName, CompiledSchema>();

/** The compiled schema of a type (or the RFCE), compiled on first use and kept for the process's life. */
export function compiledSchema(schema: EcfSchemaName): CompiledSchema {
  let model = compiled.get(schema);
  if (!model) {
    model = compileSchemaText(loadXsd(schema), schema === "RFCE" ? "RFCE" : "ECF");
    compiled.set(schema, model);
  }
  return model;
}
