/**
 * The demo catalogue: medications for each journey with 3-, 6- and 12-month plans, add-ons with the same
 * periods (an add-on's period must match the main plan's, spec §5), one-off pharmacy items, and one product
 * that is not live. Shared by the demo seed and by the scaled seed (which needs variants to point at).
 */
import { asc, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { productVariants, products } from "../schema.ts";
import { ServiceSection } from "../../contract/enums.ts";

type VariantDef = {
  name: string;
  dosage: string;
  periodMonths: number;
  supply: string;
  shippingFrequencyDays: number;
  priceCents: number;
  dosageCycleEnabled?: boolean;
  dosageCycle?: string[];
};

type ProductDef = {
  name: string;
  slug: string;
  sectionType: number;
  kind: "medication" | "addon" | "pharmacy";
  description: string;
  isLive?: boolean;
  requiresPrescription?: boolean;
  variants: VariantDef[];
};

const PERIODS = [3, 6, 12] as const;
/** Discount per month for longer plans. */
const PERIOD_FACTOR: Record<number, number> = { 3: 1, 6: 0.92, 12: 0.85 };

function planVariants(
  base: { dosages: string[]; monthlyCents: number; shippingFrequencyDays?: number; cycle?: string[] },
): VariantDef[] {
  const out: VariantDef[] = [];
  for (const dosage of base.dosages) {
    for (const periodMonths of PERIODS) {
      const monthly = Math.round((base.monthlyCents * PERIOD_FACTOR[periodMonths]) / 100) * 100;
      out.push({
        name: `${dosage ? `${dosage}, ` : ""}${periodMonths}-month plan`,
        dosage: base.cycle ? base.cycle[0] : dosage,
        periodMonths,
        supply: `${periodMonths}-month supply`,
        shippingFrequencyDays: base.shippingFrequencyDays ?? 90,
        priceCents: monthly * periodMonths,
        dosageCycleEnabled: Boolean(base.cycle),
        dosageCycle: base.cycle,
      });
    }
  }
  return out;
}

function oneOff(name: string, priceCents: number, supply: string): VariantDef[] {
  return [{ name, dosage: "", periodMonths: 1, supply, shippingFrequencyDays: 30, priceCents }];
}

export const CATALOGUE: readonly ProductDef[] = [
  // Weight loss
  {
    name: "Compounded Tirzepatide",
    slug: "compounded-tirzepatide",
    sectionType: ServiceSection.WeightLoss,
    kind: "medication",
    description: "Weekly GLP-1/GIP injection. Starter plan titrates 2.5mg → 5mg → 7.5mg over the first three months.",
    variants: planVariants({ dosages: ["Starter"], monthlyCents: 50500, shippingFrequencyDays: 30, cycle: ["2.5mg", "5mg", "7.5mg"] }),
  },
  {
    name: "Compounded Semaglutide",
    slug: "compounded-semaglutide",
    sectionType: ServiceSection.WeightLoss,
    kind: "medication",
    description: "Weekly GLP-1 injection with a monthly dose increase.",
    variants: planVariants({ dosages: ["Starter"], monthlyCents: 29900, shippingFrequencyDays: 30, cycle: ["0.25mg", "0.5mg", "1mg"] }),
  },
  {
    name: "Zepbound (branded)",
    slug: "zepbound",
    sectionType: ServiceSection.WeightLoss,
    kind: "medication",
    description: "Branded tirzepatide pen. Usually requires prior authorization.",
    variants: planVariants({ dosages: ["2.5mg"], monthlyCents: 120000, shippingFrequencyDays: 30 }),
  },
  {
    name: "Oral Semaglutide",
    slug: "oral-semaglutide",
    sectionType: ServiceSection.WeightLoss,
    kind: "medication",
    description: "Daily semaglutide tablet taken each morning on an empty stomach, for patients who prefer no injections. Not yet available to order.",
    isLive: false,
    variants: planVariants({ dosages: ["3mg"], monthlyCents: 34900 }),
  },
  {
    name: "Ondansetron (anti-nausea)",
    slug: "ondansetron",
    sectionType: ServiceSection.WeightLoss,
    kind: "addon",
    description: "Relief from nausea while the dose increases.",
    variants: planVariants({ dosages: ["4mg"], monthlyCents: 1500 }),
  },
  {
    name: "Vitamin B12 injection",
    slug: "vitamin-b12",
    sectionType: ServiceSection.WeightLoss,
    kind: "addon",
    description: "Weekly B12 to support energy levels.",
    variants: planVariants({ dosages: ["1000mcg"], monthlyCents: 2500 }),
  },
  // Sexual wellness
  {
    name: "Sildenafil",
    slug: "sildenafil",
    sectionType: ServiceSection.SexualWellness,
    kind: "medication",
    description: "Generic Viagra, taken as needed.",
    variants: planVariants({ dosages: ["50mg", "100mg"], monthlyCents: 3000 }),
  },
  {
    name: "Tadalafil (daily)",
    slug: "tadalafil-daily",
    sectionType: ServiceSection.SexualWellness,
    kind: "medication",
    description: "Generic Cialis, a low daily dose.",
    variants: planVariants({ dosages: ["2.5mg", "5mg"], monthlyCents: 4500 }),
  },
  {
    name: "Lidocaine delay spray",
    slug: "lidocaine-spray",
    sectionType: ServiceSection.SexualWellness,
    kind: "addon",
    description: "Topical lidocaine spray applied a few minutes before intimacy to delay climax.",
    variants: planVariants({ dosages: ["10%"], monthlyCents: 1200 }),
  },
  // Pharmacy purchase
  {
    name: "Insulin syringes (100)",
    slug: "insulin-syringes",
    sectionType: ServiceSection.PharmacyPurchase,
    kind: "pharmacy",
    description: "0.5 mL, 31G, box of 100.",
    requiresPrescription: false,
    variants: oneOff("Box of 100", 2400, "100 syringes"),
  },
  {
    name: "Alcohol prep pads (200)",
    slug: "alcohol-prep-pads",
    sectionType: ServiceSection.PharmacyPurchase,
    kind: "pharmacy",
    description: "Sterile, individually wrapped.",
    requiresPrescription: false,
    variants: oneOff("Box of 200", 900, "200 pads"),
  },
  {
    name: "Sharps container",
    slug: "sharps-container",
    sectionType: ServiceSection.PharmacyPurchase,
    kind: "pharmacy",
    description: "1-quart container for used needles.",
    requiresPrescription: false,
    variants: oneOff("1 quart", 1100, "1 container"),
  },
  {
    name: "Vitamin D3",
    slug: "vitamin-d3",
    sectionType: ServiceSection.PharmacyPurchase,
    kind: "pharmacy",
    description: "2000 IU softgels.",
    requiresPrescription: false,
    variants: [
      { name: "60 softgels", dosage: "2000 IU", periodMonths: 1, supply: "60 softgels", shippingFrequencyDays: 30, priceCents: 1400 },
      { name: "120 softgels", dosage: "2000 IU", periodMonths: 1, supply: "120 softgels", shippingFrequencyDays: 30, priceCents: 2400 },
    ],
  },
  {
    name: "Electrolyte packets",
    slug: "electrolyte-packets",
    sectionType: ServiceSection.PharmacyPurchase,
    kind: "pharmacy",
    description: "Sugar-free, 30 packets.",
    requiresPrescription: false,
    variants: oneOff("30 packets", 2900, "30 packets"),
  },
  // Haircare
  {
    name: "Finasteride",
    slug: "finasteride",
    sectionType: ServiceSection.Haircare,
    kind: "medication",
    description: "Daily tablet that slows hair loss.",
    variants: planVariants({ dosages: ["1mg"], monthlyCents: 2200 }),
  },
  {
    name: "Oral Minoxidil",
    slug: "oral-minoxidil",
    sectionType: ServiceSection.Haircare,
    kind: "medication",
    description: "Low-dose daily tablet that promotes regrowth.",
    variants: planVariants({ dosages: ["2.5mg"], monthlyCents: 2500 }),
  },
  {
    name: "Topical Finasteride + Minoxidil",
    slug: "topical-finasteride-minoxidil",
    sectionType: ServiceSection.Haircare,
    kind: "medication",
    description: "Spray applied to the scalp once a day.",
    variants: planVariants({ dosages: ["0.3% / 6%"], monthlyCents: 3900 }),
  },
  {
    name: "Ketoconazole shampoo",
    slug: "ketoconazole-shampoo",
    sectionType: ServiceSection.Haircare,
    kind: "addon",
    description: "2% medicated shampoo, twice a week.",
    variants: planVariants({ dosages: ["2%"], monthlyCents: 1000 }),
  },
  {
    name: "Biotin gummies",
    slug: "biotin-gummies",
    sectionType: ServiceSection.Haircare,
    kind: "addon",
    description: "Daily supplement.",
    requiresPrescription: false,
    variants: planVariants({ dosages: ["5000mcg"], monthlyCents: 900 }),
  },
  // Pharmacy purchase, last so that every product and variant above keeps its id: the one item of $99 or more that
  // needs no prescription, which a referred friend orders to reach the referral's $99 in one order (issue 18).
  {
    name: "Smart body scale",
    slug: "smart-body-scale",
    sectionType: ServiceSection.PharmacyPurchase,
    kind: "pharmacy",
    description: "Wi-Fi scale that measures weight, BMI and body fat.",
    requiresPrescription: false,
    variants: oneOff("1 scale", 10900, "1 scale"),
  },
];

/**
 * Products the demo population's random orders never pick (the demo seed draws from the catalogue): added after
 * the demo data was settled, so that every demo patient's orders and invoices stay what they were.
 */
export const NOT_IN_DEMO_ORDERS: ReadonlySet<string> = new Set(["smart-body-scale"]);

export type CatalogueVariant = {
  id: number;
  productId: number;
  productSlug: string;
  sectionType: number;
  kind: "medication" | "addon" | "pharmacy";
  isLive: boolean;
  periodMonths: number;
  priceCents: number;
  dosage: string;
  dosageCycleEnabled: boolean;
};

/** Inserts the catalogue (two multi-row statements) and returns its variants. */
export async function insertCatalogue(db: Db): Promise<CatalogueVariant[]> {
  const productIds = await db
    .insert(products)
    .values(
      CATALOGUE.map((p) => ({
        name: p.name,
        slug: p.slug,
        sectionType: p.sectionType,
        kind: p.kind,
        description: p.description,
        imageUrl: `/images/products/${p.slug}.png`,
        isLive: p.isLive ?? true,
        requiresPrescription: p.requiresPrescription ?? true,
      })),
    )
    .returning({ id: products.id, slug: products.slug });
  const idBySlug = new Map(productIds.map((r) => [r.slug, r.id]));
  await db.insert(productVariants).values(
    CATALOGUE.flatMap((p) =>
      p.variants.map((v) => ({
        productId: idBySlug.get(p.slug)!,
        name: v.name,
        dosage: v.dosage,
        periodMonths: v.periodMonths,
        supply: v.supply,
        shippingFrequencyDays: v.shippingFrequencyDays,
        priceCents: v.priceCents,
        dosageCycleEnabled: v.dosageCycleEnabled ?? false,
        dosageCycle: v.dosageCycle ?? null,
      })),
    ),
  );
  return loadCatalogue(db);
}

/** Every variant with its product's section, kind and liveness, in id order. */
export async function loadCatalogue(db: Db): Promise<CatalogueVariant[]> {
  return db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      productSlug: products.slug,
      sectionType: products.sectionType,
      kind: products.kind,
      isLive: products.isLive,
      periodMonths: productVariants.periodMonths,
      priceCents: productVariants.priceCents,
      dosage: productVariants.dosage,
      dosageCycleEnabled: productVariants.dosageCycleEnabled,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .orderBy(asc(productVariants.id));
}
