/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native/Node-only packages stay outside the server bundle.
  serverExternalPackages: [
    "xml-crypto",
    "@xmldom/xmldom",
    "node-forge",
    "pino",
    "libxml2-wasm",
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "pg",
    "@prisma/adapter-pg",
    "@prisma/schema-engine-wasm",
  ],
  poweredByHeader: false,
};

export default nextConfig;
