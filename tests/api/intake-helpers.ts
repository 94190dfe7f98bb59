/** Driving a medical intake through the API (tests/api/intake*.test.ts). */
import { expect } from "vitest";
import type { Client, Reply } from "./harness.ts";
import { makeImage } from "./patient-account-helpers.ts";

export type Journey = { id: number; status: string; intakeStep: string | null; denialCode: string | null; treatmentId: number | null };
export type Intake = { journey: Journey; steps: { key: string; questions: { key: string }[]; complete: boolean }[]; currentStep: string; answers: Record<string, unknown>; bmi: number | null; plans: { productId: number; name: string; available: boolean; variants: { id: number; periodMonths: number }[] }[]; images: Record<string, { uploadId: number }> };
export type ErrorBody = { errors?: Record<string, string[]>; fieldCodes?: Record<string, { code: string }[]> };

export const start = (c: Client, sectionType: number) => c.post<{ journey: Journey }>("/api/v1/journeys", { sectionType });
export const intake = (c: Client, id: number) => c.get<Intake>(`/api/v1/journeys/${id}/intake`);
export const save = (c: Client, id: number, step: string, answers: Record<string, string | string[]>) => c.put<{ journey: Journey; nextStep: string }>(`/api/v1/journeys/${id}/intake/${step}`, { answers });
export const codesOf = (r: Reply<unknown>) => Object.fromEntries(Object.entries((r.body.data as ErrorBody | undefined)?.fieldCodes ?? {}).map(([k, v]) => [k, v.map((c) => c.code)]));

export async function uploadImage(c: Client, id: number, image: string, bytes: Buffer, name = "photo.jpg") {
  const form = new FormData();
  form.append("image", image);
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), name);
  const headers: Record<string, string> = { Accept: "application/json", "X-Requested-With": "XMLHttpRequest", "X-Frontend-Version": "2", "X-CSRF-Token": c.csrf };
  headers.Cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(`${c.base}/api/v1/journeys/${id}/intake/uploads`, { method: "POST", headers, body: form });
  return { status: res.status, body: (await res.json()) as { code: string; data?: { uploadId: number } & ErrorBody } };
}

export const ABOUT = { firstName: "Liam", lastName: "Foster", dateOfBirth: "1990-06-01", sex: "male", stateOfResidence: "CO" };

/** Answers every step of a weight-loss intake up to the plan (Liam's). */
export async function answerUpToPlan(c: Client, id: number, about = ABOUT) {
  for (const [step, answers] of [
    ["about", about],
    ["body", { heightInchesFt: "5", heightInchesIn: "10", weightLb: "230", goalWeightLb: "185" }],
    ["history", { conditions: ["highBloodPressure"], previousTreatments: "" }],
    ["medications", { takesMedications: "no" }],
    ["allergies", { hasAllergies: "no" }],
    ["contraindications", { thyroidCancerHistory: "no", pancreatitisHistory: "no", eatingDisorder: "yes", insulinUse: "no" }],
    ["goals", { goal: "lose50", notes: "" }],
  ] as const) {
    const r = await save(c, id, step, answers as Record<string, string | string[]>);
    expect(r.status, `${step}: ${JSON.stringify(r.body)}`).toBe(200);
  }
  const jpeg = await makeImage("jpeg", 900, 600);
  for (const image of ["idFront", "selfie"]) expect((await uploadImage(c, id, image, jpeg)).status).toBe(200);
  expect((await save(c, id, "identification", { hasInsurance: "no" })).status).toBe(200);
}

