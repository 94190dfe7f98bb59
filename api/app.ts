/** createApi(): the upstream JSON API as an Express 5 app (ARCHITECTURE §1, spec §7). */
import express, { type Express } from "express";
import type { ApiConfig } from "./config.ts";
import type { Database } from "./db/client.ts";
import { buildOpenApiDocument } from "./contract/openapi.ts";
import { dummyHash } from "./domain/password.ts";
import { endpoint } from "./http/endpoint.ts";
import { errorHandler, notFound, ok, type Logger } from "./http/errors.ts";
import { refuseControlCharacters } from "./http/control-chars.ts";
import { loadSession } from "./http/session.ts";
import { accountRoutes } from "./routes/account.ts";
import { avatarRoutes } from "./routes/avatar.ts";
import { patientAccountRoutes } from "./routes/patient-account.ts";
import { profileRoutes } from "./routes/profile.ts";
import { sessionRoutes } from "./routes/session.ts";
import { tasksRoutes } from "./routes/tasks.ts";
import { trackRoutes } from "./routes/track.ts";
import { usersRoutes } from "./routes/users.ts";
import { staffAdminRoutes } from "./routes/staff-admin.ts";
import { providerListRoutes } from "./routes/provider-list.ts";
import { reviewQueuesRoutes } from "./routes/review-queues.ts";
import { treatmentsRoutes } from "./routes/treatments.ts";
import { treatmentReviewRoutes } from "./routes/treatment-review.ts";
import { patientsRoutes } from "./routes/patients.ts";
import { journeysRoutes } from "./routes/journeys.ts";
import { chatsRoutes } from "./routes/chats.ts";
import { clinicalReviewRoutes } from "./routes/clinical-review.ts";
import { scheduleRoutes } from "./routes/schedule.ts";
import { staffLicensesRoutes } from "./routes/staff-licenses.ts";
import { payoutsRoutes } from "./routes/payouts.ts";
import { signatureRoutes } from "./routes/signatures.ts";
import { globalSearchRoutes } from "./routes/global-search.ts";
import { patientAccessRoutes } from "./routes/patient-access.ts";
import { checkInsRoutes } from "./routes/check-ins.ts";
import { pharmacyRoutes } from "./routes/pharmacy.ts";
import { shipmentsRoutes } from "./routes/shipments.ts";
import { subscriptionsRoutes } from "./routes/subscriptions.ts";
import { intakeRoutes } from "./routes/intake.ts";
import { ChatEventHub, type ChatEventsOptions } from "./domain/chat-events.ts";
import { recordExportRoutes } from "./routes/record-export.ts";
import { sendOnlyJobs, type Jobs } from "./jobs/queue.ts";
import { progressRoutes } from "./routes/progress.ts";
import { referralRoutes } from "./routes/referrals.ts";
import { referralJoinRoutes } from "./routes/referral-join.ts";
import { documentsRoutes } from "./routes/documents.ts";

export type CreateApiOptions = {
  config: ApiConfig;
  database: Database;
  logger: Logger;
  /** The started job queue (startApi starts it, with workers per JOBS_WORKER); without one, a send-only queue starts on first use. */
  jobs?: Jobs;
  /** Live chat streams' timings and cap (api/domain/chat-events.ts); the defaults otherwise. */
  chatEvents?: Partial<ChatEventsOptions>;
};

/** The app's live chat event hub (its streams end on `close()`, before the HTTP server closes). */
export function chatEventsOf(app: Express): ChatEventHub {
  return app.locals.chatEvents as ChatEventHub;
}

export function createApi({ config, database, logger, jobs: startedJobs, chatEvents: chatEventsOptions }: CreateApiOptions): Express {
  const jobs = startedJobs ?? sendOnlyJobs({ database, config, logger });
  // Hash the decoy password now, so the first sign-in with an unknown email costs no more than a wrong password.
  void dummyHash();
  const app = express();
  const chatEvents = new ChatEventHub(database, chatEventsOptions);
  app.locals.chatEvents = chatEvents;
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy ? (/^\d+$/.test(config.trustProxy) ? Number(config.trustProxy) : config.trustProxy) : "loopback");
  app.use((req, res, next) => {
    req.deps = { config, db: database.db, logger, jobs, database, chatEvents };
    res.set("Cache-Control", "no-store");
    res.set("X-Content-Type-Options", "nosniff");
    next();
  });
  app.use(express.json({ limit: "1mb" }));
  app.use(express.urlencoded({ extended: false, limit: "1mb" }));
  app.use(refuseControlCharacters());
  app.use(loadSession());

  const system = express.Router();
  endpoint(system, "GET /api/health", async (_req, res) => {
    try {
      await database.ping();
      ok(res, { status: "ok", database: "up", kind: database.kind });
    } catch {
      res.status(503).json({ message: "Database unavailable", data: { status: "degraded", database: "down", kind: database.kind } });
    }
  });
  let openapi: unknown;
  endpoint(system, "GET /api/openapi.json", (_req, res) => {
    openapi ??= buildOpenApiDocument();
    res.json(openapi);
  });
  app.use(system);
  app.use(sessionRoutes());
  app.use(accountRoutes()); // before usersRoutes: /api/v1/users/sessions etc. must not reach GET /api/v1/users/:id
  app.use(profileRoutes());
  app.use(avatarRoutes());
  app.use(patientAccountRoutes());
  app.use(staffAdminRoutes()); // before usersRoutes: /api/v1/users/invite is not a user id
  app.use(usersRoutes());
  app.use(trackRoutes());
  app.use(tasksRoutes());
  app.use(reviewQueuesRoutes()); // before treatmentsRoutes and uploads: /api/v1/treatments/ready-for-review, /api/v1/uploads/review
  app.use(subscriptionsRoutes());
  app.use(checkInsRoutes()); // before patientsRoutes: /api/v1/patient/check-ins is not a patient id
  app.use(pharmacyRoutes()); // before patientsRoutes: /api/v1/patient/orders is not a patient id
  app.use(shipmentsRoutes());
  app.use(providerListRoutes()); // before treatmentsRoutes: /api/v1/treatments/provider-list is not a treatment id
  app.use(treatmentsRoutes());
  app.use(treatmentReviewRoutes());
  app.use(recordExportRoutes()); // before patientsRoutes: /api/v1/patient/record/… is not a patient id
  app.use(journeysRoutes()); // before patientsRoutes: /api/v1/patient/journeys is not a patient id
  app.use(documentsRoutes()); // before patientsRoutes: /api/v1/patient/uploads is not a patient id
  app.use(progressRoutes()); // before patientsRoutes: /api/v1/patient/progress is not a patient id
  app.use(referralRoutes()); // before patientsRoutes: /api/v1/patient/referrals is not a patient id
  app.use(referralJoinRoutes());
  app.use(patientsRoutes());
  app.use(clinicalReviewRoutes()); // before chatsRoutes: /api/v1/chats/messages is not a chat id
  app.use(chatsRoutes());
  app.use(patientAccessRoutes());
  app.use(intakeRoutes());
  app.use(globalSearchRoutes());
  app.use(scheduleRoutes());
  app.use(staffLicensesRoutes());
  app.use(payoutsRoutes());
  app.use(signatureRoutes());

  app.use((_req, _res) => {
    throw notFound("common.noSuchEndpoint");
  });
  app.use(errorHandler(logger));
  return app;
}
