/** `npm run start:api`: the upstream API alone. */
import { ConfigError } from "./config.ts";
import { startApi } from "./server.ts";

try {
  const api = await startApi();
  console.log(`Upstream API on ${api.url} (${api.database.kind})`);
  const stop = () => {
    api.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
