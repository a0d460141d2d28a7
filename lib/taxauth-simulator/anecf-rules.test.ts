import { describe, expect, it } from "vitest";

import { readAnecf } from "./anecf-reader";
import { checkAnecfRules } from "./anecf-rules";

const DOC =
  `<?xml version="1.0" encoding="UTF-8"?><ANECF><Encabezado><Version>1.0</Version><RncEmisor>130000001</RncEmisor>` +
  `<CantidadeNCFAnulados>7</CantidadeNCFAnulados><FechaHoraAnulacioneNCF>01-02-2025 10:30:00</FechaHoraAnulacioneNCF></Encabezado>` +
  `<DetalleAnulacion><Anulacion><NoLinea>1</NoLinea><TipoeCF>31</TipoeCF><TablaRangoSecuenciasAnuladaseNCF>` +
  `<Secuencias><SecuenciaeNCFDesde>E310000000001</SecuenciaeNCFDesde><SecuenciaeNCFHasta>E310000000005</SecuenciaeNCFHasta></Secuencias>` +
  `<!-- <Secuencias><SecuenciaeNCFDesde>E319999999999</SecuenciaeNCFDesde></Secuencias> -->` +
  `<Secuencias><SecuenciaeNCFDesde><![CDATA[E310000000009]]></SecuenciaeNCFDesde><SecuenciaeNCFHasta>E31000000001&#48;</SecuenciaeNCFHasta></Secuencias>` +
  `</TablaRangoSecuenciasAnuladaseNCF><CantidadeNCFAnulados>7</CantidadeNCFAnulados></Anulacion></DetalleAnulacion>` +
  `<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo><Reference URI=""><DigestValue>x</DigestValue></Reference></SignedInfo>` +
  `<KeyInfo><X509Data><X509Certificate>abc</X509Certificate></X509Data></KeyInfo></Signature></ANECF>`;

describe("readAnecf + checkAnecfRules", () => {
  it("reads the fields (comments skipped, CDATA and character references decoded)", () => {
    const content = readAnecf(DOC);
    expect(content).toMatchObject({ version: "1.0", rncEmisor: "130000001", cantidad: "7" });
    expect(content.blocks).toEqual([
      {
        noLinea: "1",
        tipoeCF: "31",
        cantidad: "7",
        ranges: [
          { desde: "E310000000001", hasta: "E310000000005" },
          { desde: "E310000000009", hasta: "E310000000010" },
        ],
      },
    ]);
    expect(checkAnecfRules(content)).toEqual({
      messages: [],
      ranges: [
        { prefix: "E31", from: 1, to: 5 },
        { prefix: "E31", from: 9, to: 10 },
      ],
    });
  });

  it("reports every problem at once", () => {
    const content = readAnecf(
      DOC.replace("E310000000009", "P320000000009").replace("<NoLinea>1<", "<NoLinea>3<"),
    );
    expect(checkAnecfRules(content).messages).toEqual([
      "El número de línea 3 no es válido; se esperaba 1.",
      "La serie de la secuencia P320000000009 no es válida (línea 1).",
    ]);
  });
});
