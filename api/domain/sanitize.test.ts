import { describe, expect, it } from "vitest";
import { descriptionToHtml, isSafeHref, looksLikeHtml, sanitizeHighlightHtml, sanitizeMessageHtml } from "./sanitize.ts";

describe("message HTML allow-list (spec §5: p, b, i, u, strong, em, br, a)", () => {
  it("keeps the allowed tags and a safe href, nothing else", () => {
    const html = '<p>Hi <b>b</b> <i>i</i> <u>u</u> <strong>s</strong> <em>e</em><br><a href="https://x.example/a?b=1" title="t" target="_blank" rel="x">link</a></p>';
    expect(sanitizeMessageHtml(html)).toBe('<p>Hi <b>b</b> <i>i</i> <u>u</u> <strong>s</strong> <em>e</em><br><a href="https://x.example/a?b=1">link</a></p>');
  });

  it("drops scripts with their content, event handlers, styles, iframes, images, forms and unknown tags", () => {
    const out = sanitizeMessageHtml(
      '<p style="color:red" onclick="x()">a</p><script>evil()</script><style>p{}</style><img src=x onerror="evil()"><iframe src="//e"></iframe>' +
        '<form action="/x"><input name=a></form><div class="c">text</div><svg onload="evil()"><a href="#">s</a></svg><math><mi>x</mi></math>',
    );
    expect(out).toBe("<p>a</p>text");
  });

  it("strips unsafe link targets but keeps the link text", () => {
    for (const href of ["javascript:alert(1)", " JAVASCRIPT:alert(1)", "java\tscript:alert(1)", "data:text/html;base64,PHNjcmlwdD4=", "vbscript:x", "//evil.example/x", "file:///etc/passwd"]) {
      expect(sanitizeMessageHtml(`<a href="${href}">t</a>`), href).toBe("<a>t</a>");
    }
    for (const href of ["https://a.example", "http://a.example", "mailto:help@a.example", "tel:+15551234567", "/patient/orders", "#top"]) {
      expect(sanitizeMessageHtml(`<a href="${href}">t</a>`), href).toBe(`<a href="${href}">t</a>`);
    }
    expect(isSafeHref("java\nscript:x")).toBe(false);
    expect(isSafeHref("/ok")).toBe(true);
  });
});

describe("highlighted search text allow-list (span with class only)", () => {
  it("keeps span[class] and drops other tags and attributes", () => {
    expect(sanitizeHighlightHtml('Em<span class="hl" style="x" onmouseover="y">ma</span> <b>Carter</b><script>z()</script>')).toBe('Em<span class="hl">ma</span> Carter');
  });
});

describe("task description → htmlDescription", () => {
  it("escapes plain text into paragraphs and line breaks", () => {
    expect(looksLikeHtml("a < b and c > d")).toBe(false);
    expect(descriptionToHtml("a < b & c\nnext\n\n  second  ")).toBe("<p>a &lt; b &amp; c<br>next</p><p>second</p>");
    expect(descriptionToHtml("   ")).toBe("");
  });

  it("sanitises markup", () => {
    expect(looksLikeHtml("<p>x</p>")).toBe(true);
    expect(descriptionToHtml('<p>ok <a href="javascript:x">no</a></p><script>x</script>')).toBe("<p>ok <a>no</a></p>");
  });
});
