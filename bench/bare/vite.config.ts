import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/** The bare baseline's build: React Router's plugin and nothing else. */
export default defineConfig({ plugins: [reactRouter()], logLevel: "warn" });
