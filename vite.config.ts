import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Rollup } from "vite";

const appDir = new URL("./app", import.meta.url).pathname;
const rootModule = `${appDir}/root.tsx`;

/**
 * Our modules the root route loads (root.tsx and everything it imports from app/, statically): one chunk of
 * the client build instead of about fifteen of a few hundred bytes each. Every page loads them all anyway, and
 * gzip compresses them better together (each small file carries its own header and its own dictionary).
 */
function rootKit(getModuleInfo: Rollup.GetModuleInfo): Set<string> {
  const seen = new Set<string>();
  const walk = (id: string) => {
    if (seen.has(id) || !id.startsWith(appDir)) return;
    seen.add(id);
    for (const next of getModuleInfo(id)?.importedIds ?? []) walk(next);
  };
  walk(rootModule);
  seen.delete(rootModule);
  return seen;
}
let kit: Set<string> | undefined;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: { "~": appDir },
  },
  server: { port: 3000 },
  build: {
    sourcemap: process.env.BUILD_SOURCEMAP === "1",
    rollupOptions: isSsrBuild
      ? undefined
      : {
          output: {
            manualChunks(id, { getModuleInfo }) {
              kit ??= rootKit(getModuleInfo);
              if (kit.has(id)) return "root-kit";
            },
          },
        },
  },
}));
