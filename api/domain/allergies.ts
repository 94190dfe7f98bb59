/**
 * The allergies picker's list (spec §7 GET /api/v1/allergies?q=): a shipped list of common drug, food and other
 * allergens, with English and Spanish names, searched by prefix of the name or of any word in it, case- and
 * accent-insensitive, in either language. Whole-name prefix matches come first, then word matches, each
 * alphabetical; at most CLINICAL_LIMITS.allergyResults. In memory: the list is small and the same everywhere.
 */
import { CLINICAL_LIMITS } from "../contract/clinical-review-rules.ts";

export type AllergyKind = "drug" | "food" | "other";
export type Allergy = { id: string; kind: AllergyKind; en: string; es: string };

const d = (id: string, en: string, es: string): Allergy => ({ id, kind: "drug", en, es });
const f = (id: string, en: string, es: string): Allergy => ({ id, kind: "food", en, es });
const o = (id: string, en: string, es: string): Allergy => ({ id, kind: "other", en, es });

export const ALLERGIES: readonly Allergy[] = [
  // Drugs and drug classes
  d("penicillin", "Penicillin", "Penicilina"),
  d("amoxicillin", "Amoxicillin", "Amoxicilina"),
  d("ampicillin", "Ampicillin", "Ampicilina"),
  d("cephalosporins", "Cephalosporins", "Cefalosporinas"),
  d("cephalexin", "Cephalexin", "Cefalexina"),
  d("sulfonamides", "Sulfonamide antibiotics (sulfa drugs)", "Antibióticos sulfonamidas (sulfas)"),
  d("trimethoprim-sulfamethoxazole", "Trimethoprim-sulfamethoxazole", "Trimetoprima-sulfametoxazol"),
  d("macrolides", "Macrolide antibiotics", "Antibióticos macrólidos"),
  d("azithromycin", "Azithromycin", "Azitromicina"),
  d("erythromycin", "Erythromycin", "Eritromicina"),
  d("tetracyclines", "Tetracyclines", "Tetraciclinas"),
  d("doxycycline", "Doxycycline", "Doxiciclina"),
  d("fluoroquinolones", "Fluoroquinolones", "Fluoroquinolonas"),
  d("ciprofloxacin", "Ciprofloxacin", "Ciprofloxacino"),
  d("vancomycin", "Vancomycin", "Vancomicina"),
  d("clindamycin", "Clindamycin", "Clindamicina"),
  d("metronidazole", "Metronidazole", "Metronidazol"),
  d("nitrofurantoin", "Nitrofurantoin", "Nitrofurantoína"),
  d("aspirin", "Aspirin", "Aspirina"),
  d("nsaids", "NSAIDs (nonsteroidal anti-inflammatory drugs)", "AINE (antiinflamatorios no esteroideos)"),
  d("ibuprofen", "Ibuprofen", "Ibuprofeno"),
  d("naproxen", "Naproxen", "Naproxeno"),
  d("acetaminophen", "Acetaminophen", "Paracetamol"),
  d("codeine", "Codeine", "Codeína"),
  d("morphine", "Morphine", "Morfina"),
  d("opioids", "Opioids", "Opioides"),
  d("tramadol", "Tramadol", "Tramadol"),
  d("ace-inhibitors", "ACE inhibitors", "Inhibidores de la ECA"),
  d("lisinopril", "Lisinopril", "Lisinopril"),
  d("statins", "Statins", "Estatinas"),
  d("metformin", "Metformin", "Metformina"),
  d("insulin", "Insulin", "Insulina"),
  d("semaglutide", "Semaglutide", "Semaglutida"),
  d("tirzepatide", "Tirzepatide", "Tirzepatida"),
  d("liraglutide", "Liraglutide", "Liraglutida"),
  d("phentermine", "Phentermine", "Fentermina"),
  d("sildenafil", "Sildenafil", "Sildenafilo"),
  d("tadalafil", "Tadalafil", "Tadalafilo"),
  d("finasteride", "Finasteride", "Finasterida"),
  d("minoxidil", "Minoxidil", "Minoxidil"),
  d("anticonvulsants", "Anticonvulsants", "Anticonvulsivos"),
  d("carbamazepine", "Carbamazepine", "Carbamazepina"),
  d("lamotrigine", "Lamotrigine", "Lamotrigina"),
  d("phenytoin", "Phenytoin", "Fenitoína"),
  d("allopurinol", "Allopurinol", "Alopurinol"),
  d("heparin", "Heparin", "Heparina"),
  d("iodinated-contrast", "Iodinated contrast media", "Medios de contraste yodados"),
  d("local-anesthetics", "Local anesthetics (lidocaine)", "Anestésicos locales (lidocaína)"),
  d("general-anesthesia", "General anesthesia agents", "Agentes de anestesia general"),
  d("chlorhexidine", "Chlorhexidine", "Clorhexidina"),
  d("corticosteroids", "Corticosteroids", "Corticosteroides"),
  d("vaccines-egg", "Vaccines containing egg protein", "Vacunas con proteína de huevo"),
  // Foods
  f("peanut", "Peanut", "Cacahuate (maní)"),
  f("tree-nuts", "Tree nuts (almond, walnut, cashew…)", "Frutos secos (almendra, nuez, anacardo…)"),
  f("milk", "Milk (cow's milk)", "Leche (de vaca)"),
  f("lactose", "Lactose intolerance", "Intolerancia a la lactosa"),
  f("egg", "Egg", "Huevo"),
  f("wheat", "Wheat", "Trigo"),
  f("gluten", "Gluten (celiac disease)", "Gluten (enfermedad celíaca)"),
  f("soy", "Soy", "Soya"),
  f("fish", "Fish", "Pescado"),
  f("shellfish", "Shellfish (shrimp, crab, lobster)", "Mariscos (camarón, cangrejo, langosta)"),
  f("sesame", "Sesame", "Ajonjolí (sésamo)"),
  f("mustard", "Mustard", "Mostaza"),
  f("celery", "Celery", "Apio"),
  f("corn", "Corn", "Maíz"),
  f("strawberry", "Strawberry", "Fresa"),
  f("kiwi", "Kiwi", "Kiwi"),
  f("banana", "Banana", "Plátano"),
  f("avocado", "Avocado", "Aguacate"),
  f("red-meat", "Red meat (alpha-gal)", "Carne roja (alfa-gal)"),
  f("sulfites", "Sulfites", "Sulfitos"),
  // Other
  o("latex", "Latex", "Látex"),
  o("adhesive-tape", "Adhesive tape", "Cinta adhesiva"),
  o("nickel", "Nickel", "Níquel"),
  o("bee-venom", "Bee stings", "Picaduras de abeja"),
  o("pollen", "Pollen", "Polen"),
  o("dust-mites", "Dust mites", "Ácaros del polvo"),
  o("pet-dander", "Pet dander", "Caspa de mascotas"),
  o("mold", "Mold", "Moho"),
];

const BY_ID = new Map(ALLERGIES.map((a) => [a.id, a]));

export const allergyById = (id: string): Allergy | undefined => BY_ID.get(id);
export const isAllergyId = (id: string): boolean => BY_ID.has(id);

/** Lower case, accents off, punctuation as spaces: "Cacahuate (Maní)" → "cacahuate mani". */
export function normalize(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

type Indexed = { allergy: Allergy; names: string[]; words: string[] };
const INDEX: Indexed[] = ALLERGIES.map((allergy) => {
  const names = [normalize(allergy.en), normalize(allergy.es), normalize(allergy.id)];
  return { allergy, names, words: [...new Set(names.flatMap((n) => n.split(" ")))] };
});

/**
 * Allergens whose name (English or Spanish) starts with `q`, or has a word starting with it; every word of a
 * query of several must match ("tree nut", "sulfa drugs"). An empty query answers nothing.
 */
export function searchAllergies(q: string, limit: number = CLINICAL_LIMITS.allergyResults): Allergy[] {
  const query = normalize(q).slice(0, CLINICAL_LIMITS.allergySearch);
  if (!query) return [];
  const terms = query.split(" ");
  const scored: { allergy: Allergy; rank: number }[] = [];
  for (const entry of INDEX) {
    if (entry.names.some((n) => n.startsWith(query))) scored.push({ allergy: entry.allergy, rank: 0 });
    else if (terms.every((term) => entry.words.some((w) => w.startsWith(term)))) scored.push({ allergy: entry.allergy, rank: 1 });
  }
  return scored
    .sort((a, b) => a.rank - b.rank || a.allergy.en.localeCompare(b.allergy.en))
    .slice(0, limit)
    .map((s) => s.allergy);
}

/** A name in the reader's language. */
export const allergyName = (a: Allergy, locale: string) => (locale.toLowerCase().startsWith("es") ? a.es : a.en);
