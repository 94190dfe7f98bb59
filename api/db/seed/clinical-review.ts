/**
 * Demo data of the clinical review's steps (issue 14, H2): the message templates of "inform the patient" (per
 * journey and outcome, in English and Spanish) and a prescription on each approved treatment of the demo patients
 * (patient@demo.test, patient2@demo.test), one of them with an earlier, superseded version (the history).
 * Deterministic: fixed texts, rows chosen by ids in order. The allergies list ships in api/domain/allergies.ts.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { messageTemplates } from "../schema.ts";
import { templateVariables } from "../../domain/message-templates.ts";

type T = { group: string; category: string; name: [en: string, es: string]; text: [en: string, es: string] };

const JOURNEYS = ["weight-loss", "sexual-wellness", "pharmacy-purchase", "haircare"] as const;

const approved = (group: string): T => ({
  group,
  category: "approved",
  name: ["Treatment approved", "Tratamiento aprobado"],
  text: [
    "Hi {{patientFirstName}},\n\nGood news: I have reviewed your {{journey}} intake and approved your treatment with {{medication}}. Your pharmacy will prepare your order and you will get a shipping notice soon.\n\nIf you have any questions, reply here.\n\n{{providerName}}",
    "Hola {{patientFirstName}}:\n\nBuenas noticias: revisé su formulario de {{journey}} y aprobé su tratamiento con {{medication}}. La farmacia preparará su pedido y pronto recibirá el aviso de envío.\n\nSi tiene preguntas, responda aquí.\n\n{{providerName}}",
  ],
});
const declined = (group: string): T => ({
  group,
  category: "declined",
  name: ["Not eligible", "No es candidato"],
  text: [
    "Hi {{patientFirstName}},\n\nThank you for completing your {{journey}} intake. After reviewing your answers, this treatment is not a safe choice for you right now, so I could not approve it. Please talk with your primary care provider about other options.\n\n{{providerName}}",
    "Hola {{patientFirstName}}:\n\nGracias por completar su formulario de {{journey}}. Después de revisar sus respuestas, este tratamiento no es una opción segura para usted en este momento, por lo que no pude aprobarlo. Hable con su médico de cabecera sobre otras opciones.\n\n{{providerName}}",
  ],
});
const GENERAL: T[] = [
  {
    group: "general",
    category: "prescription",
    name: ["Prescription sent", "Receta enviada"],
    text: [
      "Hi {{patientFirstName}},\n\nI have sent your prescription for {{medication}} ({{dosage}}). Follow the instructions on the label, and message us if you notice any side effects.\n\n{{providerName}}",
      "Hola {{patientFirstName}}:\n\nEnvié su receta de {{medication}} ({{dosage}}). Siga las instrucciones de la etiqueta y escríbanos si nota algún efecto secundario.\n\n{{providerName}}",
    ],
  },
  {
    group: "general",
    category: "changes",
    name: ["More information needed", "Se necesita más información"],
    text: [
      "Hi {{patientFirstName}},\n\nI am reviewing your {{journey}} intake and need a little more information before I can decide. Please update your answers, or reply here with the details.\n\n{{providerName}}",
      "Hola {{patientFirstName}}:\n\nEstoy revisando su formulario de {{journey}} y necesito un poco más de información para decidir. Actualice sus respuestas o responda aquí con los detalles.\n\n{{providerName}}",
    ],
  },
  {
    group: "general",
    category: "follow_up",
    name: ["Follow-up", "Seguimiento"],
    text: [
      "Hi {{patientFirstName}},\n\nThank you for your visit today. As we discussed, continue your plan and check in with us in a few weeks.\n\n{{providerName}}",
      "Hola {{patientFirstName}}:\n\nGracias por su consulta de hoy. Como hablamos, continúe con su plan y comuníquese con nosotros en unas semanas.\n\n{{providerName}}",
    ],
  },
];

export const DEMO_TEMPLATES: readonly T[] = [...JOURNEYS.flatMap((g) => [approved(g), declined(g)]), ...GENERAL];

export async function seedDemoClinicalReview(db: Db): Promise<void> {
  await db.insert(messageTemplates).values(
    DEMO_TEMPLATES.flatMap((t) =>
      (["en-US", "es-US"] as const).map((locale, i) => ({
        group: t.group,
        category: t.category,
        name: t.name[i]!,
        locale,
        text: t.text[i]!,
        variables: templateVariables(t.text[i]!),
      })),
    ),
  );
  // A prescription on every approved treatment (with a product) of the demo patients: the first variant of the
  // product, prescribed by the treatment's provider (or the provider manager). The first gets an earlier version.
  await db.execute(sql`
    with demo as (
      select t.id, t.patient_id, t.section_type, coalesce(t.provider_id, (select id from users where email = 'manager@demo.test')) as prescriber,
             v.id as variant_id, p.name || ' · ' || v.name as medication, v.dosage, v.dosage_cycle_enabled, v.dosage_cycle,
             row_number() over (order by t.id) as n
        from treatments t
        join users u on u.id = t.patient_id and u.email in ('patient@demo.test', 'patient2@demo.test')
        join products p on p.id = t.product_id
        join lateral (select * from product_variants pv where pv.product_id = p.id order by pv.id limit 1) v on true
       where t.review_status = 'approved' and p.requires_prescription
    ), earlier as (
      insert into prescriptions (patient_id, treatment_id, prescriber_id, diagnosis_code, variant_id, medication, instructions, units_dose, dosage_cycle, superseded_at, created_at)
      select patient_id, id, prescriber, 'E66.9', variant_id, medication,
             'Start at the lowest dose once weekly; increase only as directed.', coalesce(nullif(dosage, ''), '1 unit'),
             case when dosage_cycle_enabled then dosage_cycle end, now() - interval '10 days', now() - interval '40 days'
        from demo where n = 1
      returning id
    )
    insert into prescriptions (patient_id, treatment_id, prescriber_id, diagnosis_code, variant_id, medication, instructions, units_dose, dosage_cycle, created_at)
    select patient_id, id, prescriber,
           case section_type when 1 then 'E66.9' when 2 then 'N52.9' when 4 then 'L64.9' else 'R63.5' end,
           variant_id, medication,
           case section_type
             when 1 then 'Inject subcutaneously once weekly on the same day each week. Rotate injection sites.'
             when 2 then 'Take 1 tablet by mouth 30–60 minutes before sexual activity. No more than once a day.'
             when 4 then 'Take 1 tablet by mouth once daily.'
             else 'Use as directed on the label.' end,
           coalesce(nullif(dosage, ''), '1 unit'), case when dosage_cycle_enabled then dosage_cycle end, now() - interval '10 days'
      from demo`);
}
