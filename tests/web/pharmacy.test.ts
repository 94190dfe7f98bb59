/**
 * The pharmacy without JavaScript, as plain HTTP (issue 16 part A): test patient 63 (an approved weight-loss treatment,
 * no card) browses the categories to a product, opens the billing portal link, adds a card on the order page, is
 * refused an add-on of another period (the cart kept), prices the cart with a coupon, orders (a second post of the
 * same form orders nothing more), and reads the order as Packing; support marks it shipped (refused first without a
 * tracking number) on the shipment queue; the patient then reads Shipped with the tracking link. The not-live and
 * prescription-only products say why; Spanish on the product page. The JavaScript journey: tests/e2e/pharmacy.spec.ts.
 */
import { describe, expect, it } from "vitest";
import { as, WebClient, type WebPage } from "./client";
import { testPatient } from "../support/accounts";

const SLOT = 63;

async function patientClient(language?: "es-US"): Promise<WebClient> {
  const client = new WebClient();
  if (language) client.headers["Accept-Language"] = language;
  await client.signIn(testPatient(SLOT).email);
  return client;
}

/** The plan radio whose label starts with `name`, and the add-on select's option for `period` months. */
const planValue = (page: WebPage, name: string) => {
  const label = page.$$("[data-testid=order-form] label").find((l) => (l.textContent ?? "").trim().startsWith(name))!;
  return label.querySelector("input")!.getAttribute("value")!;
};
const addonOption = (page: WebPage, periodText: string) => {
  const select = page.$("[data-testid=addon-select]")!;
  const option = [...select.querySelectorAll("option")].find((o) => (o.textContent ?? "").includes(periodText))!;
  return { name: select.getAttribute("name")!, value: option.getAttribute("value")! };
};
const orderRows = (page: WebPage) => page.$$("[data-testid=patient-orders] tbody tr").map((tr) => ({ number: tr.getAttribute("data-order-number")!, text: tr.textContent ?? "" }));

let orderNumber = "";

describe("the pharmacy without JavaScript", () => {
  it("categories → product; the billing portal link; a card added on the order page", async () => {
    const patient = await patientClient();
    const pharmacy = await patient.get("/patient/pharmacy");
    expect(pharmacy.status).toBe(200);
    expect(pharmacy.h1).toBe("Pharmacy");
    const category = await patient.get(pharmacy.link("Weight loss"));
    expect(category.text("[data-testid=category-name]")).toBe("Weight loss");
    const product = await patient.get(category.link("Compounded Semaglutide"));
    expect(product.text("[data-testid=product-name]")).toBe("Compounded Semaglutide");
    expect(product.$$("[data-testid=variants] tbody tr")).toHaveLength(3);
    expect(product.text("[data-testid=variants]")).toContain("every 30 days");
    expect(product.$("[data-testid=no-card]")).not.toBeNull();
    expect(product.button("Place order").hasAttribute("disabled")).toBe(true);

    // The payment link: the billing portal's one-time session (the local provider's payment details page).
    const portal = await patient.submit(product, { button: "Open the billing portal" }, {}, { follow: false });
    expect(portal.status).toBe(302);
    expect(portal.location).toMatch(/^\/patient\/account\/payment-details\?portalSession=/);

    // A card added on the order page comes back to it with the chosen plan kept.
    const chosen = await patient.get(`${product.path}?variantId=${planValue(product, "Starter, 6-month plan")}`);
    const added = await patient.submit(chosen, { button: "Add card" }, { cardNumber: "4242 4242 4242 4242", expMonth: "12", expYear: String(new Date().getUTCFullYear() + 3), cvc: "123", name: "Tess Shopper" });
    expect(added.toasts("success").length).toBe(1);
    expect(added.path).toContain("variantId=");
    expect(added.$("[data-testid=no-card]")).toBeNull();
    expect(added.$("input[name=paymentMethodId][checked]")).not.toBeNull();
    expect((added.$(`input[name=variantId][value="${planValue(product, "Starter, 6-month plan")}"]`) as HTMLInputElement).hasAttribute("checked")).toBe(true);
  });

  it("an add-on of another period is refused with the cart kept; a coupon priced; ordered once however often it is posted", async () => {
    const patient = await patientClient();
    const category = await patient.get("/patient/pharmacy/category/weight-loss");
    const page = await patient.get(category.link("Compounded Semaglutide"));
    const plan = planValue(page, "Starter, 6-month plan");
    const wrong = addonOption(page, "3 months");
    const refused = await patient.submit(page, { button: "Update total" }, { variantId: plan, [wrong.name]: wrong.value, couponCode: "welcome10" });
    expect(refused.status).toBe(400);
    expect(refused.$("[data-testid=error-summary]")).not.toBeNull();
    expect(refused.text("#order-addons-error")).toBe("An add-on's period must match the main plan's period.");
    expect(refused.$(`input[name=variantId][value="${plan}"]`)!.hasAttribute("checked")).toBe(true);
    expect(refused.$(`select[name=${wrong.name}] option[value="${wrong.value}"]`)!.hasAttribute("selected")).toBe(true);
    expect((refused.field("Coupon code") as HTMLInputElement).getAttribute("value")).toBe("welcome10");

    const right = addonOption(page, "6 months");
    const priced = await patient.submit(refused, { button: "Update total" }, { variantId: plan, [wrong.name]: right.value, couponCode: "welcome10" });
    expect(priced.status).toBe(200);
    expect(priced.text("[data-testid=order-summary]")).toContain("Discount (WELCOME10)");
    const total = priced.text("[data-testid=order-total]");

    const form = priced.form("[data-testid=order-form]");
    const key = (form.querySelector("input[name=idempotencyKey]") as HTMLInputElement).getAttribute("value");
    const ordered = await patient.submit(priced, { button: "Place order" });
    expect(ordered.path, `${ordered.status} ${ordered.toasts().join(" / ")} ${ordered.text("[data-testid=order-error]")} ${ordered.text("[data-testid=error-summary]")}`).toBe("/patient/orders");
    const toast = ordered.toasts("success")[0]!;
    orderNumber = /TH-\d{7}/.exec(toast)![0];
    expect(toast).toBe(`Thank you: your order ${orderNumber} has been placed.`);
    const row = orderRows(ordered).find((r) => r.number === orderNumber)!;
    expect(row.text).toContain("Packing");
    expect(row.text).toContain(total);
    // The same form posted again (a double submit, a retried post): the same order, nothing more.
    const again = await patient.submit(priced, { button: "Place order" });
    expect(again.path).toBe("/patient/orders");
    expect(key).toBeTruthy();
    expect(orderRows(again).filter((r) => r.number.startsWith("TH-"))).toHaveLength(1);
  });

  it("support ships it (refused without tracking first); the patient reads Shipped with the tracking link", async () => {
    expect(orderNumber).not.toBe("");
    const support = await as("support");
    const queue = await support.get("/staff/shipments?status=1");
    expect(queue.h1).toBe("Shipments");
    const rowOf = (page: WebPage) => page.$(`[data-testid=shipment-row][data-order-number="${orderNumber}"]`);
    expect(rowOf(queue)).not.toBeNull();
    const save = `Save order ${orderNumber}`;
    const refused = await support.submit(queue, { button: save }, { status: "5" });
    expect(refused.status).toBe(409);
    expect(refused.text("[data-testid=shipment-error]")).toBe("A fulfiller and a tracking number are needed to mark an order shipped or delivered.");
    const filter = await support.submit(refused, "[data-testid=shipments-filter]", { status: "1" });
    const shipped = await support.submit(filter, { button: save }, { status: "5", fulfiller: "UPS", trackingNumber: "1ZWEB0000000001" });
    expect(shipped.toasts("success")).toEqual(["The order has been updated."]);
    expect(rowOf(shipped)).toBeNull(); // no longer queued
    const all = await support.submit(shipped, "[data-testid=shipments-filter]", { status: "-100" });
    expect(rowOf(all)!.textContent).toContain("Shipped");

    const patient = await patientClient();
    const orders = await patient.get("/patient/orders");
    const row = orders.$(`[data-testid=patient-orders] tr[data-order-number="${orderNumber}"]`)!;
    expect(row.textContent).toContain("Shipped");
    expect(row.textContent).toContain("UPS");
    expect(row.querySelector("a")!.getAttribute("href")).toBe("https://www.ups.com/track?tracknum=1ZWEB0000000001");
  });

  it("not live, prescription-only and add-on pages say why; Spanish", async () => {
    const patient = await patientClient();
    const notLive = await patient.get("/patient/pharmacy/product/4");
    expect(notLive.text("[data-testid=product-blocked]")).toBe("Product is not enabled (not live)");
    expect(notLive.$("[data-testid=order-form]")).toBeNull();
    const gated = await patient.get("/patient/pharmacy/product/7");
    expect(gated.text("[data-testid=product-blocked]")).toContain("needs a prescription");
    expect((await patient.get("/patient/pharmacy/product/99999")).status).toBe(404);
    const es = await patientClient("es-US");
    const page = await es.get("/patient/pharmacy/product/2");
    expect(page.lang).toBe("es-US");
    expect(page.button("Realizar pedido")).toBeTruthy();
    expect(page.text("[data-testid=variants]")).toContain("cada 30 días");
    expect((await es.get("/patient/pharmacy/product/4")).text("[data-testid=product-blocked]")).toBe("El producto no está habilitado (no está activo)");
  });
});
