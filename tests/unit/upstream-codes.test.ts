import { describe, expect, it } from "vitest";
import {
  API_MESSAGES,
  apiMessage,
  type ApiCode,
  type ApiParams,
} from "../../api/contract/codes";
import { resources } from "../../app/lib/i18n.server";
import { createTranslator } from "../../app/lib/translate";
import {
  translateFieldCode,
  translateSuccess,
  translateUpstream,
  UPSTREAM_CODE_KEYS,
} from "../../app/lib/upstream-messages";

const en = createTranslator("en-US", resources["en-US"], "common").t;
const es = createTranslator("es-US", resources["es-US"], "common").t;

/** Sample values of the codes whose message carries one. */
const PARAMS: Partial<Record<ApiCode, ApiParams>> = {
  "ratelimit.tooMany": { minutes: 15 },
  "account.emailVerifySent": { email: "a@b.test" },
  "account.emailChangeSent": { email: "a@b.test" },
  "account.othersSignedOut": { count: 3 },
  "account.tooManyCards": { max: 10 },
  "providerList.assigned": { count: 3 },
  "treatments.transitionRefused": { from: "approved", to: "declined" },
  "licenses.outOfState": { state: "TX" },
  "pharmacy.ordered": { orderNumber: "TH-0000001" },
  "users.invited": { email: "a@b.test" },
  "users.transitionRefused": { status: "suspended" },
  "schedule.daysSaved": { count: 3 },
  "join.welcome": { name: "Nora" },
};
/** Codes the web words differently from the API's English on purpose. */
const WORDED_DIFFERENTLY: ApiCode[] = [
  "common.noSuchEndpoint",
  "common.csrf",
  "account.noSuchSession",
  // The statuses are shown by their labels ("Approved"), in Spanish too ("Aprobado"), not as the API's keys.
  "treatments.transitionRefused",
  // The account status by its label ("Suspended"), in Spanish too ("Suspendido").
  "users.transitionRefused",
];

describe("the web translates the upstream's codes, never its sentences", () => {
  const codes = (Object.keys(API_MESSAGES) as ApiCode[]).filter(
    (code) => code !== "ok",
  );

  it("every code of the contract has a translation, in English the API's own message, in Spanish another text", () => {
    expect(codes.filter((code) => !UPSTREAM_CODE_KEYS[code])).toEqual([]);
    const worded: string[] = [];
    for (const code of codes) {
      const notice = { code, params: PARAMS[code], message: "" };
      const english = translateUpstream(notice, en);
      const spanish = translateUpstream(notice, es);
      if (english !== apiMessage(code, PARAMS[code])) worded.push(code);
      expect(spanish, code).not.toBe(english);
      expect(spanish, code).not.toMatch(
        /^(common|security|account|tasks):|upstream\./,
      );
    }
    expect(worded).toEqual(WORDED_DIFFERENTLY);
  });

  it("a refused transition names the statuses in the reader's language", () => {
    const notice = { code: "treatments.transitionRefused", params: { from: "approved", to: "declined" }, message: "ignored" };
    expect(translateUpstream(notice, es)).toBe("Este tratamiento no puede pasar de Aprobado a Rechazado.");
    expect(translateUpstream(notice, en)).toBe("This treatment cannot go from Approved to Declined.");
  });

  it("values travel as params: minutes (singular and plural), an address, a count", () => {
    const tooMany = (minutes: number) => ({
      code: "ratelimit.tooMany",
      params: { minutes },
      message: "ignored",
    });
    expect(translateUpstream(tooMany(15), es)).toBe(
      "Demasiados intentos. Inténtelo de nuevo en 15 minutos.",
    );
    expect(translateUpstream(tooMany(1), es)).toBe(
      "Demasiados intentos. Inténtelo de nuevo en 1 minuto.",
    );
    expect(translateUpstream(tooMany(1), en)).toBe(
      apiMessage("ratelimit.tooMany", { minutes: 1 }),
    );
    expect(
      translateUpstream(
        {
          code: "account.emailChangeSent",
          params: { email: "a@b.test" },
          message: "",
        },
        es,
      ),
    ).toBe(
      "Enviamos un enlace de confirmación a a@b.test. Su correo electrónico cambiará cuando lo abra.",
    );
    expect(
      translateUpstream(
        { code: "account.othersSignedOut", params: { count: 1 }, message: "" },
        es,
      ),
    ).toBe("Se cerró 1 otra sesión.");
    expect(apiMessage("account.othersSignedOut", { count: 1 })).toBe(
      "1 other session has been signed out.",
    );
  });

  it("an unknown code, or none, shows the upstream's message (spec §8); a silent success falls back", () => {
    expect(
      translateUpstream(
        { code: "billing.somethingNew", message: "Something new happened." },
        es,
      ),
    ).toBe("Something new happened.");
    expect(
      translateUpstream(
        { code: null, message: "Invalid email or password." },
        es,
      ),
    ).toBe("Invalid email or password.");
    expect(translateSuccess({ code: "ok", message: "" }, es, "fallback")).toBe(
      "fallback",
    );
    expect(
      translateSuccess(
        { code: "tasks.created", message: "Task created." },
        es,
        "fallback",
      ),
    ).toBe(es("tasks:toast.created"));
  });

  it("field codes: validation keys with their values, contract codes, else the English text", () => {
    expect(
      translateFieldCode(
        { code: "validation.maxLength", params: { max: 5 } },
        "Value is too long",
        es,
      ),
    ).toBe(es("validation:maxLength", { max: 5 }));
    expect(
      translateFieldCode({ code: "auth.invalidCode" }, "Invalid code.", es),
    ).toBe("Código no válido.");
    expect(translateFieldCode(undefined, "Some field text", es)).toBe(
      "Some field text",
    );
  });
});
