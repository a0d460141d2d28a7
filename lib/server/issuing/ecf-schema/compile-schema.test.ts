import { describe, expect, it } from "vitest";

import { compiledSchema, compileSchemaText, UnsupportedXsdError } from "./compile-schema";
import { readOfficialXsd, XSD_FILE_NAMES, type EcfSchemaName } from "./load-xsd";
import type { ElementModel } from "./schema-model";
import { UnsupportedXsdPatternError } from "./xsd-regex";

/** The element at a dotted path below the root (`Encabezado.IdDoc.TipoeCF`). */
function elementAt(root: ElementModel, path: string): ElementModel {
  let element = root;
  for (const name of path.split(".")) {
    if (element.content.kind !== "complex") throw new Error(`${element.name} has no children`);
    const next = element.content.group.particles.find(
      (p): p is ElementModel => p.kind === "element" && p.name === name,
    );
    if (!next) throw new Error(`no ${name} under ${element.name}`);
    element = next;
  }
  return element;
}

const simpleTypeAt = (root: ElementModel, path: string) => {
  const { content } = elementAt(root, path);
  if (content.kind !== "simple") throw new Error(`${path} is not simple`);
  return content.type;
};

const xsd = (body: string) =>
  `<?xml version="1.0"?><xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">${body}</xs:schema>`;

describe("compiledSchema: DGII's schemas", () => {
  it.each(Object.keys(XSD_FILE_NAMES) as EcfSchemaName[])(
    "compiles %s (after the load-time fixes)",
    (schema) => {
      const { root } = compiledSchema(schema);
      expect(root.name).toBe(schema === "RFCE" ? "RFCE" : "ECF");
      expect(compiledSchema(schema)).toBe(compiledSchema(schema)); // compiled once, then cached
    },
  );

  it("reads the element tree, occurrences and facets of e-CF 31", () => {
    const { root, placesByName } = compiledSchema("31");
    expect(elementAt(root, "DetallesItems.Item")).toMatchObject({ minOccurs: 1, maxOccurs: 1000 });
    expect(elementAt(root, "Encabezado.IdDoc.TablaFormasPago.FormaDePago")).toMatchObject({
      minOccurs: 1,
      maxOccurs: 7,
    });
    expect(elementAt(root, "Encabezado.Transporte")).toMatchObject({ minOccurs: 0, maxOccurs: 1 });
    expect(simpleTypeAt(root, "Encabezado.IdDoc.TipoeCF")).toMatchObject({
      base: "integer",
      enumeration: ["31", "32", "33", "34", "41", "43", "44", "45", "46", "47"],
    });
    expect(simpleTypeAt(root, "Encabezado.Version")).toMatchObject({ base: "decimal", enumeration: ["1.0"] });
    expect(simpleTypeAt(root, "Encabezado.IdDoc.eNCF")).toMatchObject({
      base: "string",
      minLength: 13,
      maxLength: 13,
    });
    expect(simpleTypeAt(root, "DetallesItems.Item.PrecioUnitarioItem")).toMatchObject({
      base: "decimal",
      totalDigits: 20,
      fractionDigits: 4,
    });
    expect(simpleTypeAt(root, "DetallesItems.Item.NumeroLinea")).toMatchObject({
      minInclusive: "1",
      maxInclusive: "1000",
    });
    expect(simpleTypeAt(root, "DetallesItems.Item.CantidadItem").minExclusive).toBe("0");
    // The type whose name DGII wrote with a leading space resolves after the fix.
    expect(simpleTypeAt(root, "Encabezado.IdDoc.IndicadorServicioTodoIncluido").enumeration).toEqual(["1"]);
    expect(placesByName.get("TipoeCF")).toEqual(["ECF.Encabezado.IdDoc"]);
    expect(placesByName.get("NumeroLinea")).toEqual([
      "ECF.DetallesItems.Item",
      "ECF.DescuentosORecargos.DescuentoORecargo",
    ]);
  });

  it("the signature's xs:any closes the root sequence after FechaHoraFirma", () => {
    const { root } = compiledSchema("31");
    if (root.content.kind !== "complex") throw new Error("root is complex");
    const last = root.content.group.particles.slice(-2);
    expect(last.map((p) => (p.kind === "element" ? p.name : p.kind))).toEqual(["FechaHoraFirma", "any"]);
  });

  it("DGII's unfixed files fail loudly: e-CF 31's dangling type name, RFCE's (?: groups", () => {
    expect(() => compileSchemaText(readOfficialXsd("31").toString("utf8"), "ECF")).toThrow(
      /IndicadorServicioTodoIncluidoType/,
    );
    expect(() => compileSchemaText(readOfficialXsd("RFCE").toString("utf8"), "RFCE")).toThrow(
      UnsupportedXsdPatternError,
    );
  });
});

describe("compileSchemaText: constructs outside DGII's use are refused at compile time", () => {
  const element = (inner: string) =>
    xsd(`<xs:element name="R"><xs:complexType>${inner}</xs:complexType></xs:element>`);

  it.each([
    ["an attribute declaration", element(`<xs:sequence/><xs:attribute name="a" type="xs:string"/>`)],
    [
      "a built-in type used directly",
      element(`<xs:sequence><xs:element name="A" type="xs:string"/></xs:sequence>`),
    ],
    [
      "an unsupported base",
      xsd(
        `<xs:element name="R" type="T"/><xs:simpleType name="T"><xs:restriction base="xs:date"/></xs:simpleType>`,
      ),
    ],
    [
      "an unsupported facet",
      xsd(
        `<xs:element name="R" type="T"/><xs:simpleType name="T"><xs:restriction base="xs:string"><xs:whiteSpace value="collapse"/></xs:restriction></xs:simpleType>`,
      ),
    ],
    [
      "a repeated sequence",
      element(`<xs:sequence maxOccurs="2"><xs:element name="A" type="T"/></xs:sequence>`),
    ],
    ["a default value", element(`<xs:sequence><xs:element name="A" default="x"/></xs:sequence>`)],
    ["a ref", element(`<xs:sequence><xs:element ref="A"/></xs:sequence>`)],
    [
      "a name used twice",
      xsd(
        `<xs:simpleType name="T"><xs:restriction base="xs:string"/></xs:simpleType><xs:element name="R"><xs:complexType><xs:sequence><xs:element name="A" type="T"/><xs:element name="A" type="T"/></xs:sequence></xs:complexType></xs:element>`,
      ),
    ],
  ])("%s", (_what, schema) => {
    expect(() => compileSchemaText(schema, "R")).toThrow(UnsupportedXsdError);
  });

  it("a missing root is named", () => {
    expect(() => compileSchemaText(xsd(""), "ECF")).toThrow(/no top-level element "ECF"/);
  });

  it("compiles choice and all groups with their names", () => {
    const { root } = compileSchemaText(
      xsd(`<xs:simpleType name="T"><xs:restriction base="xs:string"/></xs:simpleType>
        <xs:element name="R"><xs:complexType><xs:sequence>
          <xs:choice><xs:element name="A" type="T"/><xs:element name="B" type="T"/></xs:choice>
          <xs:element name="C" type="T" minOccurs="0" maxOccurs="unbounded"/>
        </xs:sequence></xs:complexType></xs:element>`),
      "R",
    );
    if (root.content.kind !== "complex") throw new Error("complex");
    expect([...root.content.group.names]).toEqual(["A", "B", "C"]);
    expect(root.content.group.particles[0]).toMatchObject({ kind: "choice", minOccurs: 1 });
    expect(root.content.group.particles[1]).toMatchObject({ kind: "element", maxOccurs: Infinity });
  });
});
