import "server-only";

import type { Environment } from "@/lib/domain/environments";
import { rolesAllow } from "@/lib/domain/roles";
import { companiesOfUser } from "@/lib/server/auth";

import { overviewOf, type CompanyOverview } from "./organization-admin";

/** One organization of a person's overview, with the companies they may read in it. */
export interface OrganizationCompanies {
  organizationId: string;
  organizationName: string;
  companies: CompanyOverview[];
}

/**
 * An accountant's overview: every company the person holds a role in — whatever the organization,
 * administrator of it or not — with the organization overview's columns, grouped by organization
 * (companiesOfUser's order: organization, then company name). Only companies whose data their roles
 * read (company.read); the columns cost what organizationOverview's do, bounded the same way.
 */
export async function companiesOverviewOfUser(
  userId: string,
  environment: Environment,
): Promise<OrganizationCompanies[]> {
  const readable = (await companiesOfUser(userId)).filter((choice) =>
    rolesAllow(choice.roles, "company.read"),
  );
  const overview = await overviewOf(
    readable.map((choice) => ({ id: choice.accountId, rnc: choice.rnc, name: choice.name })),
    environment,
  );
  const groups: OrganizationCompanies[] = [];
  for (const [index, choice] of readable.entries()) {
    let group = groups.at(-1);
    if (!group || group.organizationId !== choice.organizationId) {
      group = {
        organizationId: choice.organizationId,
        organizationName: choice.organizationName,
        companies: [],
      };
      groups.push(group);
    }
    group.companies.push(overview[index]!);
  }
  return groups;
}
