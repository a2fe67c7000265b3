package app.salondesk.web;

import app.salondesk.i18n.LanguageSetting;
import app.salondesk.model.online.OnlineSalon;
import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import gg.jte.output.StringOutput;
import io.javalin.http.Context;
import io.javalin.http.Cookie;
import io.javalin.http.SameSite;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Currency;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What every page needs: the client's language, the frame around the content, the CSRF
 * cookie and token, and rendering a precompiled template (jte-maven-plugin compiled them at
 * build time, so no compiler runs here).
 */
final class Pages {

    static final String RENDERED = "sd.rendered";
    static final String REQUEST_ID = "sd.requestId";

    private final TemplateEngine templates = TemplateEngine.createPrecompiled(ContentType.Html);
    private final Csrf csrf;
    private final WebSettings settings;
    private final PublicAddress address;

    /** @param port the port the server listens on, once it does */
    Pages(Csrf csrf, WebSettings settings, java.util.function.IntSupplier port) {
        this.csrf = csrf;
        this.settings = settings;
        this.address = new PublicAddress(settings.baseUrl(), settings.host(), settings.keystore() != null, port);
    }

    /** The page's words, in the language chosen by ?lang=, the cookie or the browser. */
    WebText text(Context ctx, OnlineSalon salon) {
        String query = ctx.queryParam("lang");
        Locale locale = PageLanguage.choose(query, ctx.cookie(PageLanguage.COOKIE), ctx.header("Accept-Language"));
        if (query != null && PageLanguage.supported(query).isPresent()) {
            ctx.cookie(cookie(PageLanguage.COOKIE, locale.getLanguage(), 365 * 24 * 3600, ctx));
        }
        return salon == null ? new WebText(locale, java.time.ZoneOffset.UTC, Currency.getInstance("EUR"))
                : new WebText(locale, salon.zone(), salon.currency());
    }

    Views.Frame frame(Context ctx, WebText t, String title, OnlineSalon salon) {
        List<Views.LangLink> links = new ArrayList<>();
        for (Locale l : LanguageSetting.SUPPORTED) {
            String code = l.getLanguage();
            links.add(new Views.LangLink(code, t.get("web.lang." + code), withLang(ctx, code), code.equals(t.lang())));
        }
        String heading = salon == null ? "SalonDesk" : salon.name();
        String sub = salon == null ? null : t.get("web.onlineBooking");
        return new Views.Frame(t, title, heading, sub, links, salon == null ? null : "/" + salon.slug());
    }

    /** This page's address with another language (the switch works without JavaScript). */
    private static String withLang(Context ctx, String code) {
        Map<String, List<String>> params = new LinkedHashMap<>(ctx.queryParamMap());
        params.remove("lang");
        StringBuilder q = new StringBuilder();
        params.forEach((k, vs) -> vs.forEach(v -> q.append(enc(k)).append('=').append(enc(v)).append('&')));
        q.append("lang=").append(code);
        return ctx.path() + "?" + q;
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    /** The CSRF token for this browser's forms, setting its cookie on first sight. */
    String csrfToken(Context ctx) {
        String nonce = ctx.attribute("sd.csrfNonce");
        if (nonce == null) {
            nonce = Csrf.validNonce(ctx.cookie(Csrf.COOKIE));
        }
        if (nonce == null) {
            nonce = Csrf.newNonce();
            ctx.cookie(cookie(Csrf.COOKIE, nonce, -1, ctx));
        }
        ctx.attribute("sd.csrfNonce", nonce);
        return csrf.token(nonce);
    }

    boolean csrfAccepted(Context ctx) {
        return csrf.accepts(ctx.cookie(Csrf.COOKIE), ctx.formParam(Csrf.FIELD));
    }

    private Cookie cookie(String name, String value, int maxAge, Context ctx) {
        Cookie c = new Cookie(name, value);
        c.setPath("/");
        c.setMaxAge(maxAge);
        c.setHttpOnly(true);
        c.setSecure(secure(ctx));
        c.setSameSite(SameSite.LAX);
        return c;
    }

    /** Whether the client reached us over https (directly, or through a proxy that says so). */
    boolean secure(Context ctx) {
        if ("https".equalsIgnoreCase(ctx.scheme())) {
            return true;
        }
        return settings.behindProxy() && "https".equalsIgnoreCase(ctx.header("X-Forwarded-Proto"));
    }

    /** The address links in pages and calendar files start with ({@link PublicAddress}: never the request's Host). */
    String baseUrl(Context ctx) {
        return address.baseUrl(ctx);
    }

    /** Whether a POST's Origin header names this server: scheme, host and port ({@link PublicAddress}). */
    boolean ourOrigin(String origin, Context ctx) {
        return address.isOurs(origin, ctx);
    }

    void render(Context ctx, int status, String template, Views.Frame frame, String name, Object view) {
        StringOutput out = new StringOutput();
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("f", frame);
        params.put(name, view);
        templates.render(template, params, out);
        ctx.attribute(RENDERED, Boolean.TRUE);
        ctx.status(status).contentType("text/html; charset=utf-8").result(out.toString());
    }

    /** A page that only says something, in the client's language. */
    void message(Context ctx, int status, OnlineSalon salon, String titleKey, String textKey, boolean withRequestId) {
        WebText t = text(ctx, salon);
        String title = t.get(titleKey);
        String back = salon == null ? null : "/" + salon.slug();
        Views.MessageView view = new Views.MessageView(title, t.get(textKey),
                withRequestId ? ctx.attribute(REQUEST_ID) : null, back, back == null ? null : t.get("web.backToSalon"));
        render(ctx, status, "message.jte", frame(ctx, t, title, salon), "v", view);
    }
}
