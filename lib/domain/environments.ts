/** The spec's environments, used as the first path segment of every REST route. */
export const ENVIRONMENTS = ["TesteCF", "CerteCF", "eCF"] as const;

export type Environment = (typeof ENVIRONMENTS)[number];

export function isEnvironment(value: string): value is Environment {
  return (ENVIRONMENTS as readonly string[]).includes(value);
}

/** DGII's path segment for each environment (https://ecf.dgii.gov.do/{segment}/...). */
export const DGII_PATH_SEGMENT: Record<Environment, string> = {
  TesteCF: "testecf",
  CerteCF: "certecf",
  eCF: "ecf",
};
