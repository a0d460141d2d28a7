import { describe, expect, it } from "vitest";

import { checkWebhookUrl, isForbiddenAddress, WEBHOOK_URL_MAX_LENGTH } from "./webhook-url";

const strict = { allowLoopbackHttp: false };
const simulator = { allowLoopbackHttp: true };

describe("checkWebhookUrl", () => {
  it("accepts a public https URL and returns it parsed", () => {
    const result = checkWebhookUrl("  https://erp.empresa.do:8443/hooks/anula?x=1  ", strict);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.url.href).toBe("https://erp.empresa.do:8443/hooks/anula?x=1");
  });

  it.each([
    ["", "Indique"],
    ["not a url", "espacios"],
    ["erp.empresa.do/hooks", "no es válida"],
    ["ftp://erp.empresa.do/hooks", "https://"],
    ["http://erp.empresa.do/hooks", "https://"],
    ["https://user:pw@erp.empresa.do/hooks", "usuario ni contraseña"],
    ["https://user@erp.empresa.do/hooks", "usuario ni contraseña"],
    ["https://erp.empresa.do/hooks#part", "fragmento"],
    ["https://erp.empresa.do/hooks#", "fragmento"],
    ["https://localhost/hooks", "localhost"],
    ["https://api.localhost/hooks", "localhost"],
    ["https://127.0.0.1/hooks", "privada"],
    ["https://2130706433/hooks", "privada"], // 127.0.0.1 in decimal: normalized by the parser
    ["https://0x7f.1/hooks", "privada"],
    ["https://10.1.2.3/hooks", "privada"],
    ["https://192.168.1.10/hooks", "privada"],
    ["https://172.20.0.1/hooks", "privada"],
    ["https://169.254.169.254/latest/meta-data", "privada"],
    ["https://100.64.0.1/hooks", "privada"],
    ["https://[::1]/hooks", "privada"],
    ["https://[fd00::1]/hooks", "privada"],
    ["https://[fe80::1]/hooks", "privada"],
    ["https://[::ffff:10.0.0.1]/hooks", "privada"],
    ["https://0.0.0.0/hooks", "privada"],
    ["https://erp.empresa.do/\u0000hooks", "control"],
  ])("refuses %j", (url, fragment) => {
    const result = checkWebhookUrl(url, strict);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toContain(fragment);
  });

  it("refuses a URL longer than the limit", () => {
    const url = `https://erp.empresa.do/${"a".repeat(WEBHOOK_URL_MAX_LENGTH)}`;
    const result = checkWebhookUrl(url, strict);
    expect(result).toEqual({ ok: false, problem: expect.stringContaining("2000") as string });
  });

  it("allows http:// and https:// to loopback only in simulator mode", () => {
    for (const url of ["http://127.0.0.1:4000/hook", "http://localhost:4000/hook", "http://[::1]:4000/h"]) {
      expect(checkWebhookUrl(url, simulator).ok).toBe(true);
      expect(checkWebhookUrl(url, strict).ok).toBe(false);
    }
    expect(checkWebhookUrl("https://127.0.0.1:4000/hook", simulator).ok).toBe(true);
  });

  it("still refuses http:// to a non-loopback host and private addresses in simulator mode", () => {
    expect(checkWebhookUrl("http://erp.empresa.do/hook", simulator).ok).toBe(false);
    expect(checkWebhookUrl("http://10.0.0.1/hook", simulator).ok).toBe(false);
    expect(checkWebhookUrl("https://10.0.0.1/hook", simulator).ok).toBe(false);
    expect(checkWebhookUrl("https://user:x@127.0.0.1/hook", simulator).ok).toBe(false);
  });

  it("accepts a public IP literal", () => {
    expect(checkWebhookUrl("https://8.8.8.8/hook", strict).ok).toBe(true);
    expect(checkWebhookUrl("https://[2606:4700::1111]/hook", strict).ok).toBe(true);
  });
});

describe("isForbiddenAddress", () => {
  const no = { allowLoopback: false };
  const yes = { allowLoopback: true };

  it.each([
    "0.0.0.0",
    "0.1.2.3",
    "10.0.0.1",
    "10.255.255.255",
    "100.64.0.0",
    "100.127.255.255",
    "127.0.0.1",
    "127.8.9.10",
    "169.254.169.254",
    "169.254.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.0.0.8",
    "192.0.2.1",
    "192.168.0.1",
    "198.18.0.1",
    "198.19.255.255",
    "198.51.100.7",
    "203.0.113.9",
    "224.0.0.1",
    "239.255.255.250",
    "240.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "::ffff:127.0.0.1",
    "::ffff:8.8.8.8",
    "::ffff:a00:1",
    "::127.0.0.1",
    "64:ff9b::a00:1",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "fe80::1%eth0",
    "febf::1",
    "fec0::1",
    "ff02::1",
    "2001:db8::1",
    "2001::1",
    "2001:10::1",
    "2002:a00:1::1", // 6to4 of 10.0.0.1
    "[::1]",
    "not-an-ip",
    "",
    "1.2.3",
    "1.2.3.4.5",
    "256.1.1.1",
    "1:2:3:4:5:6:7:8:9",
    "1::2::3",
  ])("forbids %j", (ip) => {
    expect(isForbiddenAddress(ip, no)).toBe(true);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "100.63.255.255",
    "100.128.0.0",
    "172.15.255.255",
    "172.32.0.0",
    "192.169.0.1",
    "198.20.0.1",
    "223.255.255.255",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "2002:808:808::1", // 6to4 of 8.8.8.8
    "2001:4860:4860::8888",
  ])("allows the public address %j", (ip) => {
    expect(isForbiddenAddress(ip, no)).toBe(false);
  });

  it("allows loopback only when asked, and nothing else private", () => {
    expect(isForbiddenAddress("127.0.0.1", yes)).toBe(false);
    expect(isForbiddenAddress("127.1.2.3", yes)).toBe(false);
    expect(isForbiddenAddress("::1", yes)).toBe(false);
    expect(isForbiddenAddress("0:0:0:0:0:0:0:1", yes)).toBe(false);
    expect(isForbiddenAddress("10.0.0.1", yes)).toBe(true);
    expect(isForbiddenAddress("169.254.169.254", yes)).toBe(true);
    expect(isForbiddenAddress("::ffff:127.0.0.1", yes)).toBe(true);
    expect(isForbiddenAddress("fe80::1", yes)).toBe(true);
  });
});
