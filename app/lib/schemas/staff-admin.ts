/**
 * The users and roles forms (app/lib/staff-admin.server.ts parses them with parse-form.server): the invite and the
 * edit are the contract's requests (api/contract/staff-admin.ts) with the form's intent. Server only (zod).
 */
import { z } from "zod";
import { inviteRequestSchema, staffUserUpdateSchema } from "../../../api/contract/staff-admin.ts";

export const inviteFormSchema = inviteRequestSchema.extend({ intent: z.literal("invite") });
export const staffUserUpdateFormSchema = staffUserUpdateSchema.extend({ intent: z.literal("update") });
