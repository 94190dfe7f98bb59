/**
 * The bare baseline's server (bench/ssr.ts starts it): Express with compression, the built client files and
 * React Router's request handler — the custom-server template of React Router, nothing of ours.
 */
import path from "node:path";
import compression from "compression";
import express from "express";
import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";

const buildDir = path.resolve(process.env.BARE_BUILD_DIR ?? path.join(import.meta.dirname, "../../.tmp/bench-bare"));
const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
app.all("/{*splat}", createRequestHandler({ build, mode: "production" }));
const port = Number(process.env.PORT ?? 3900);
app.listen(port, "127.0.0.1", () => console.log(`bare app on http://127.0.0.1:${port}`));
