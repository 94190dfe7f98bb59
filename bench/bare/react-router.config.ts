import type { Config } from "@react-router/dev/config";

/** The bare baseline of `npm run bench` (bench/ssr.ts): built into BARE_BUILD_DIR (an ignored folder). */
export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: process.env.BARE_BUILD_DIR ?? "../../.tmp/bench-bare",
} satisfies Config;
