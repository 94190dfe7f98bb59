/**
 * The medical intake's plain rules and shapes (issue 15; no zod: the intake pages import this module). The
 * questionnaires themselves are data in api/domain/intake/questionnaires.ts; the API sends the web the definition
 * of one journey (GET /api/v1/journeys/{id}/intake) in the shapes below, and the web renders it without knowing
 * any question. Texts are i18n keys of the `intake` namespace: `q.<question>` (label), `h.<question>` (hint),
 * `o.<question>.<value>` (an option), `steps.<step>` (a step's title).
 *
 * Answer types and what a form sends for them (every value a string, as an HTML form sends it):
 *  - text, number, date (yyyy-MM-dd), single (one option value), yesNo ("yes" | "no"): one field named by the key;
 *  - multi: the key repeated, one value per checked option;
 *  - height: two fields `<key>Ft` and `<key>In`; stored as inches (a number);
 *  - weight: pounds, one field; stored as a number;
 *  - state: a US state code (US_STATES);
 *  - image: an identification picture, uploaded on its own (POST …/intake/uploads); the answer is the upload id;
 *  - plan: a product variant id of the journey's catalogue (the answer of the plan step).
 */

export const ANSWER_TYPES = ["text", "number", "date", "single", "multi", "yesNo", "height", "weight", "state", "image", "plan"] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];

/** A question shown only when another question's answer is one of `equals` (yes/no as "yes" / "no"). */
export type ShowIf = { question: string; equals: readonly string[] };

/** What an identification picture is (uploads.category, uploads.image_kind). */
export const ID_IMAGES = {
  idFront: { category: 3, kind: "front" },
  selfie: { category: 3, kind: "selfie" },
  insuranceFront: { category: 4, kind: "front" },
  insuranceBack: { category: 4, kind: "back" },
} as const;
export type IdImage = keyof typeof ID_IMAGES;
export const ID_IMAGE_KEYS = Object.keys(ID_IMAGES) as IdImage[];
export const isIdImage = (x: unknown): x is IdImage => typeof x === "string" && Object.hasOwn(ID_IMAGES, x);

/**
 * Contraindication rule of a yes/no question answered "yes": `disqualify` denies the intake ('Intake denied: not
 * eligible for the requested treatment'); `review` lets it through and creates a task for medical support.
 */
export type ContraindicationRule = "disqualify" | "review";

export type QuestionDef = {
  key: string;
  type: AnswerType;
  required: boolean;
  options?: readonly string[];
  showIf?: ShowIf;
  /** number / weight / height bounds (height in inches); text: max length. */
  min?: number;
  max?: number;
  /** image: which picture. */
  image?: IdImage;
  contraindication?: ContraindicationRule;
};

export type StepDef = { key: string; questions: readonly QuestionDef[]; showIf?: ShowIf };

/** The last step: the answers to check, then "Submit". It holds no question. */
export const REVIEW_STEP = "review";

/** Text answers are at most this long; the free texts (medication list, allergies, notes) too. */
export const INTAKE_TEXT_MAX = 1000;
/** An identification picture: JPEG, PNG or GIF, at most this many bytes (spec §5 uploads); 'Uploaded image is too large'. */
export const ID_IMAGE_MAX_MB = 10;
export const ID_IMAGE_MAX_BYTES = ID_IMAGE_MAX_MB * 1024 * 1024;
/** Identification pictures are kept at most this many pixels on their longer side (re-encoded, no metadata). */
export const ID_IMAGE_MAX_SIDE = 2000;
/** The multipart fields of POST /api/v1/journeys/{id}/intake/uploads. */
export const ID_IMAGE_FILE_FIELD = "file";
export const ID_IMAGE_KIND_FIELD = "image";

/** The pages of the intake (the web): starting, the intake's current step, one step. Helper pages link here. */
export const intakePaths = {
  start: "/patient/journeys/start",
  intake: (journeyId: number | string) => `/patient/journeys/${journeyId}/intake`,
  step: (journeyId: number | string, step: string) => `/patient/journeys/${journeyId}/intake/${step}`,
  journey: (journeyId: number | string) => `/patient/journeys/${journeyId}`,
  /** One of the intake's identification pictures, for its patient (a resource route of the web). */
  image: (journeyId: number | string, uploadId: number) => `/patient/journeys/${journeyId}/intake/images/${uploadId}`,
};

/** A journey's intake status (journeys.status; the machine is api/domain/intake/journey-status.ts). */
export const JOURNEY_STATUSES = ["in_progress", "submitted", "denied", "cancelled"] as const;
export type JourneyStatus = (typeof JOURNEY_STATUSES)[number];
