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
    "pg-boss",
    "@prisma/adapter-pg",
    "@prisma/schema-engine-wasm",
    // One registry per process (lib/server/platform/metrics): loaded from node_modules, never a bundled copy.
    "prom-client",
  ],
  poweredByHeader: false,
  // CI type-checks the whole project (`npm run typecheck`, the same tsconfig) before the browser
  // tests build the app: ANULA_BUILD_SKIP_TYPECHECK=1 (.ci/run's browser step only) spares that build
  // a second, identical pass. Anywhere else the build checks types itself.
  typescript: { ignoreBuildErrors: process.env.ANULA_BUILD_SKIP_TYPECHECK === "1" },
  // The portal sends void drafts through a server action: the largest legal request (10 types ×
  // 10,000 ranges) is ~2.8 MB in its wire form, over Next's 1 MB default.
  // The proxy reads action posts (their origin) and so buffers their bodies: as much as an action may take.
  experimental: { serverActions: { bodySizeLimit: "16mb" }, proxyClientMaxBodySize: "16mb" },
  // The browser tests build into their own directory (playwright.config.ts), so a developer's
  // `next build` or `next dev` never swaps the build under a running test server.
  ...(process.env.ANULA_DIST_DIR ? { distDir: process.env.ANULA_DIST_DIR } : {}),
};

export default nextConfig;
