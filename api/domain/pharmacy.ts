/**
 * The catalogue as a patient sees it (issue 16 part A; contract and decisions api/contract/pharmacy.ts): products by
 * journey with their variants and prices, and whether this patient may order each (live, prescription, state).
 * The catalogue is small (tens of products): it is read whole, in two statements, and shaped here.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { rows } from "../db/client.ts";
import { SERVICE_SECTION_SLUGS, SERVICE_SECTION_VALUES, type ServiceSection } from "../contract/enums.ts";
import { monthlyCents, type Category, type Product, type ProductDetail, type Variant } from "../contract/pharmacy.ts";

type ProductRow = {
  id: number;
  name: string;
  slug: string;
  sectionType: number;
  kind: "medication" | "addon" | "pharmacy";
  description: string;
  imageUrl: string | null;
  isLive: boolean;
  requiresPrescription: boolean;
};
type VariantRow = Omit<Variant, "monthlyCents"> & { productId: number };

/** What decides whether a patient may order: the journeys with an approved treatment and the shipping state. */
export type Eligibility = { approvedSections: Set<number>; excludedProductIds: Set<number> };

export async function eligibilityOf(db: Db, patientId: number): Promise<Eligibility> {
  const [approved, excluded] = await Promise.all([
    rows<{ s: number }>(db, sql`SELECT DISTINCT section_type AS s FROM treatments WHERE patient_id = ${patientId} AND review_status = 'approved'`),
    rows<{ p: number }>(
      db,
      sql`SELECT e.product_id AS p FROM product_state_exclusions e
            JOIN addresses a ON a.user_id = ${patientId} AND a.address_type = 'shipping' AND upper(a.administrative_area) = e.state`,
    ),
  ]);
  return { approvedSections: new Set(approved.map((r) => r.s)), excludedProductIds: new Set(excluded.map((r) => r.p)) };
}

/** Why this patient may not order the product (a code of codes.ts), or null. */
export function orderProblem(p: Pick<ProductRow, "id" | "isLive" | "requiresPrescription" | "sectionType">, e: Eligibility): string | null {
  if (!p.isLive) return "pharmacy.notLive";
  if (p.requiresPrescription && !e.approvedSections.has(p.sectionType)) return "pharmacy.prescriptionRequired";
  if (e.excludedProductIds.has(p.id)) return "intake.productUnavailable";
  return null;
}

const KIND_ORDER = { medication: 0, pharmacy: 1, addon: 2 } as const;

export class Catalogue {
  constructor(
    private readonly products: ProductRow[],
    private readonly variants: Map<number, VariantRow[]>,
    private readonly eligibility: Eligibility,
  ) {}

  static async load(db: Db, patientId: number): Promise<Catalogue> {
    const [products, variants, eligibility] = await Promise.all([
      rows<ProductRow>(
        db,
        sql`SELECT id, name, slug, section_type AS "sectionType", kind, description, image_url AS "imageUrl", is_live AS "isLive",
              requires_prescription AS "requiresPrescription" FROM products ORDER BY section_type, id`,
      ),
      rows<VariantRow>(
        db,
        sql`SELECT id, product_id AS "productId", name, dosage, period_months AS "periodMonths", supply,
              shipping_frequency_days AS "shippingFrequencyDays", price_cents AS "priceCents", dosage_cycle AS "dosageCycle"
            FROM product_variants ORDER BY product_id, period_months, id`,
      ),
      eligibilityOf(db, patientId),
    ]);
    const byProduct = new Map<number, VariantRow[]>();
    for (const v of variants) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
    products.sort((a, b) => a.sectionType - b.sectionType || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.id - b.id);
    return new Catalogue(products, byProduct, eligibility);
  }

  private fromMonthly(productId: number): number | null {
    const list = this.variants.get(productId) ?? [];
    return list.length ? Math.min(...list.map(monthlyCents)) : null;
  }

  summary(p: ProductRow): Product {
    const code = orderProblem(p, this.eligibility);
    return {
      ...p,
      categorySlug: SERVICE_SECTION_SLUGS[p.sectionType as ServiceSection],
      fromMonthlyCents: this.fromMonthly(p.id),
      orderable: { ok: code === null, code },
    };
  }

  detail(p: ProductRow): ProductDetail {
    const variants = (this.variants.get(p.id) ?? []).map(({ productId: _p, ...v }) => ({ ...v, monthlyCents: monthlyCents(v) }));
    return { ...this.summary(p), variants };
  }

  categories(): Category[] {
    return SERVICE_SECTION_VALUES.map((s) => {
      const list = this.products.filter((p) => p.sectionType === s && p.isLive);
      const prices = list.map((p) => this.fromMonthly(p.id)).filter((x): x is number => x !== null);
      return { sectionType: s, slug: SERVICE_SECTION_SLUGS[s], productCount: list.length, fromMonthlyCents: prices.length ? Math.min(...prices) : null };
    }).filter((c) => c.productCount > 0);
  }

  category(slug: string): { category: Category; products: Product[] } | null {
    const category = this.categories().find((c) => c.slug === slug);
    if (!category) return null;
    return { category, products: this.products.filter((p) => p.sectionType === category.sectionType).map((p) => this.summary(p)) };
  }

  product(id: number): ProductRow | undefined {
    return this.products.find((p) => p.id === id);
  }

  /** The live add-ons of a product's journey (none for add-ons and one-off pharmacy items). */
  addonsOf(p: ProductRow): ProductRow[] {
    if (p.kind !== "medication") return [];
    return this.products.filter((a) => a.kind === "addon" && a.sectionType === p.sectionType && a.isLive);
  }

  /** A variant with its product, or undefined. */
  variant(id: number): { variant: VariantRow; product: ProductRow } | undefined {
    for (const [productId, list] of this.variants) {
      const variant = list.find((v) => v.id === id);
      if (variant) return { variant, product: this.product(productId)! };
    }
    return undefined;
  }

  problem(p: ProductRow): string | null {
    return orderProblem(p, this.eligibility);
  }
}
