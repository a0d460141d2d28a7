import "server-only";
import { gzipSync } from "node:zlib";
import { sampleVoidBody } from "@/lib/domain/testing/sample-requests";
import { validateVoidRequest } from "@/lib/domain/void-request";
import type { PrismaClient } from "@/prisma/generated/client";
import { voidContentOf } from "../prepare-void";
import type { VoidContent } from "../types";

/** A sample void of `count` ranges as it is stored (tests and benches that fill a list). */
export function sampleVoidContent(count: number): VoidContent {
  const result = validateVoidRequest(sampleVoidBody(count));
  if (!result.ok) throw new Error("invalid sample void");
  return voidContentOf(result.plan);
}

/**
 * Stores an accepted void directly (what the list reads), without sending anything: `content` from
 * sampleVoidContent, shared between rows when they only need to be listed.
 */
export async function storeAcceptedVoid(
  prisma: PrismaClient,
  owner: { accountId: string; rnc: string },
  content: VoidContent,
  id: string,
  createdAt: number,
): Promise<string> {
  await prisma.voidRecord.create({
    data: {
      id,
      accountId: owner.accountId,
      customerId: owner.rnc,
      environment: "TesteCF",
      status: "Aceptado",
      fechaHoraAnulacion: content.fechaHoraAnulacion,
      totalVoided: BigInt(content.totalVoided),
      ranges: content.storedRanges,
      rangeCount: content.rangeCount,
      fileName: `${owner.rnc}ANECF${id}.xml`,
      taxauthCode: "1",
      taxauthName: "Aceptado",
      taxauthResponse: [],
      signedXmlGzip: gzipSync("<ANECF/>").toString("base64"),
      createdAt: BigInt(createdAt),
      updateAt: BigInt(createdAt),
    },
  });
  return id;
}
