//! The HTTP layer: thin handlers over the engine (parse, one engine call, map the result),
//! problem+json errors, and the OpenAPI document built from the same wiring that routes
//! the traffic.

pub mod context;
pub mod cors;
mod describe;
pub mod dto;
pub mod error;
pub mod form;
pub mod game_cache;
pub mod gzip;
pub mod markdown;
pub mod memory;
pub mod metrics;
pub mod peer;
pub mod routes;
pub mod transport;

use actix_web::dev::ServiceRequest;
use actix_web::http::uri::{PathAndQuery, Uri};
use actix_web::http::{header, Method};
use actix_web::{HttpRequest, HttpResponse};
use error::ApiError;
use utoipa::OpenApi;
use utoipa_actix_web::service_config::ServiceConfig;

/// The document's fixed parts; paths and schemas are collected from the handlers.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "shogi-arbiter",
        description = "A stateless rules arbiter for the large historical shogi variants (tai, chu, tenjiku, dai, dai dai, maka dai dai, ko and taikyoku shogi). \
Positions and moves use the text formats of the project's notation contract: position text \
`<board> <side> <extra> <move number>` and machine move text such as `13s13r` or `13v12u11t`; \
every move (`move`, a `moves` list) may also be Hodges text (`P-13r`). \
A refused move is a 200 answer with `legal: false` and one of two objects: `illegal`, a rule breach \
(a game server may apply the ruling that an illegal move loses, `winner_if_enforced`), or `unreadable`, \
text that names no move (a notation problem: no ruling, a `hint`; ask the player again). \
Every response echoes the fully resolved rules. Errors are RFC 9457 problems with a stable `code`.",
        license(name = "MIT")
    ),
    tags(
        (name = "catalogue", description = "Variants, boards, rule profiles and options, pieces"),
        (name = "moves", description = "Legal moves and the verdict on one move"),
        (name = "games", description = "Replaying a whole game"),
        (name = "perft", description = "Move-path counts for testing move generators"),
        (name = "pictures", description = "Board pictures (SVG)"),
        (name = "service", description = "Health"),
    )
)]
pub struct ApiDoc;

impl ApiDoc {
    /// The fixed parts with the crate's version.
    pub fn openapi_with_version() -> utoipa::openapi::OpenApi {
        let mut doc = ApiDoc::openapi();
        doc.info.version = env!("CARGO_PKG_VERSION").to_string();
        doc
    }
}

/// Registers every handler (the OpenAPI document is collected from these calls).
pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(routes::health::healthz)
        .service(routes::health::readyz)
        .service(metrics::get_metrics)
        .service(routes::catalogue::list_variants)
        .service(routes::catalogue::get_variant)
        .service(routes::catalogue::get_rules)
        .service(routes::moves::legal)
        .service(routes::moves::adjudicate)
        .service(routes::replay::replay)
        .service(routes::perft::perft)
        .service(routes::picture::board)
        .service(routes::picture::board_get);
}

/// The OpenAPI document, built from [`configure`] without starting a server.
pub fn openapi() -> utoipa::openapi::OpenApi {
    use utoipa_actix_web::AppExt;
    let (_, doc) = actix_web::App::new()
        .into_utoipa_app()
        .openapi(ApiDoc::openapi_with_version())
        .configure(configure)
        .split_for_parts();
    complete(doc)
}

/// Fields a request may not give together (both present and not null): the server refuses
/// each pair with a 422 (`ambiguous_position`, `record_conflict`).
const EXCLUSIVE: [(&str, &str); 4] = [
    ("position", "start"),
    ("position", "moves"),
    ("record", "start"),
    ("record", "moves"),
];

/// Fields of which a request gives at least one (present and not null): the server refuses
/// a replay with neither (422 `missing_moves`).
const AT_LEAST_ONE: [&str; 2] = ["moves", "record"];

/// The document as collected from the handlers, with what the derive macros cannot say:
/// the pairs of [`EXCLUSIVE`] written as a `not` over the request schemas (`*Request`)
/// that have both fields, the fields of [`AT_LEAST_ONE`] as an `anyOf` over the schemas that have them.
/// A null counts as absent, as the server reads it. `rules.profile` lists the profiles of
/// every variant, read from the registry.
pub fn complete(mut doc: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    use serde_json::{json, Value};
    use utoipa::openapi::{schema::Schema, RefOr};
    let Some(components) = doc.components.as_mut() else {
        return doc;
    };
    let given = |fields: [&str; 2]| -> Value {
        let not_null = json!({"not": {"type": "null"}});
        json!({
            "required": fields,
            "properties": {fields[0]: not_null, fields[1]: not_null},
        })
    };
    let given_one = |field: &str| -> Value {
        json!({"required": [field], "properties": {field: {"not": {"type": "null"}}}})
    };
    for (name, schema) in components.schemas.iter_mut() {
        let RefOr::T(Schema::Object(object)) = schema else {
            continue;
        };
        if name == "RulesInput" {
            if let Some(RefOr::T(Schema::Object(profile))) = object.properties.get_mut("profile") {
                profile.description = Some(profile_description());
            }
        }
        if !name.ends_with("Request") {
            continue;
        }
        let has = |name: &str| object.properties.contains_key(name);
        let exclusive: Vec<Value> = EXCLUSIVE
            .iter()
            .filter(|(a, b)| has(a) && has(b))
            .map(|&(a, b)| given([a, b]))
            .collect();
        let at_least_one = AT_LEAST_ONE.iter().all(|f| has(f));
        if exclusive.is_empty() && !at_least_one {
            continue;
        }
        let no_exclusive = exclusive.is_empty();
        let not = json!({ "not": { "anyOf": exclusive } });
        let any = json!({ "anyOf": AT_LEAST_ONE.map(given_one) });
        // One keyword each: the extensions are a hash map, printed in no fixed order.
        let (keyword, value) = match (no_exclusive, at_least_one) {
            (false, false) => ("not", not["not"].clone()),
            (true, true) => ("anyOf", any["anyOf"].clone()),
            _ => ("allOf", json!([not, any])),
        };
        object
            .extensions
            .get_or_insert_with(Default::default)
            .insert(keyword.to_string(), value);
    }
    exclusive_query_parameters(&mut doc);
    response_examples(&mut doc);
    doc
}

/// A GET operation whose query parameters include both fields of an [`EXCLUSIVE`] pair (the
/// picture's GET form) documents them as one object parameter of form style, exploded: the
/// same query string, field by field, but with a schema that can say which fields may not
/// come together, as the POST form's body schema does. Separate parameters cannot.
fn exclusive_query_parameters(doc: &mut utoipa::openapi::OpenApi) {
    use serde_json::{json, Value};
    use utoipa::openapi::path::{ParameterBuilder, ParameterIn, ParameterStyle};
    use utoipa::openapi::{schema::Schema, ObjectBuilder, RefOr, Required};
    for item in doc.paths.paths.values_mut() {
        let Some(params) = item.get.as_mut().and_then(|op| op.parameters.as_mut()) else {
            continue;
        };
        let in_query = |name: &str| {
            params.iter().any(
                |p| matches!(p, RefOr::T(p) if p.parameter_in == ParameterIn::Query && p.name == name),
            )
        };
        let pairs: Vec<Value> = EXCLUSIVE
            .iter()
            .filter(|(a, b)| in_query(a) && in_query(b))
            .map(|&(a, b)| json!({ "required": [a, b] }))
            .collect();
        if pairs.is_empty() {
            continue;
        }
        let mut object = ObjectBuilder::new();
        let mut kept = Vec::new();
        for param in params.drain(..) {
            let RefOr::T(param) = param else {
                kept.push(param);
                continue;
            };
            if param.parameter_in != ParameterIn::Query {
                kept.push(RefOr::T(param));
                continue;
            }
            let example = serde_json::to_value(&param)
                .ok()
                .and_then(|v| v.get("example").cloned());
            let mut schema = param.schema.unwrap_or_default();
            if let RefOr::T(Schema::Object(field)) = &mut schema {
                if field.description.is_none() {
                    field.description = param.description;
                }
                if let Some(example) = example {
                    field.examples = vec![example];
                }
            }
            object = object.property(&param.name, schema);
            if param.required == Required::True {
                object = object.required(&param.name);
            }
        }
        let mut object = object
            .additional_properties(Some(
                utoipa::openapi::schema::AdditionalProperties::FreeForm(false),
            ))
            .build();
        object
            .extensions
            .get_or_insert_with(Default::default)
            .insert("not".to_string(), json!({ "anyOf": pairs }));
        let folded = ParameterBuilder::new()
            .name("query")
            .parameter_in(ParameterIn::Query)
            .required(Required::True)
            .style(Some(ParameterStyle::Form))
            .explode(Some(true))
            .description(Some(
                "The fields of the query string, each its own `name=value` pair.",
            ))
            .schema(Some(Schema::Object(object)))
            .build();
        kept.push(RefOr::T(folded));
        *params = kept;
    }
}

/// An example per documented status of every operation, shown by Swagger in place of one
/// composed from the schema: each problem status its own problem (`dto::examples::problems`),
/// and the adjudication's verdict in each of its three forms.
fn response_examples(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::{example::ExampleBuilder, RefOr};
    let named = |list: Vec<(&str, serde_json::Value)>| {
        list.into_iter()
            .map(|(name, value)| {
                let example = ExampleBuilder::new()
                    .summary(name)
                    .value(Some(value))
                    .build();
                (name.to_string(), RefOr::T(example))
            })
            .collect()
    };
    for (path, item) in doc.paths.paths.iter_mut() {
        for op in [&mut item.get, &mut item.post].into_iter().flatten() {
            for (status, response) in op.responses.responses.iter_mut() {
                let (RefOr::T(response), Ok(code)) = (response, status.parse::<u16>()) else {
                    continue;
                };
                for (media, content) in response.content.iter_mut() {
                    let RefOr::T(content) = content else {
                        continue;
                    };
                    if media == "application/problem+json" {
                        content.examples = named(dto::examples::problems(code, path));
                    } else if path == "/v1/adjudicate" && code == 200 {
                        content.examples = named(vec![
                            ("legal", dto::examples::legal_verdict()),
                            ("illegal", dto::examples::illegal_verdict()),
                            ("unreadable", dto::examples::unreadable_verdict()),
                        ]);
                    }
                }
            }
        }
    }
}

/// What `rules.profile` means, with every variant's profiles (the default first) as the
/// registry has them.
fn profile_description() -> String {
    let lists: Vec<String> = crate::engine::variant::VARIANT_IDS
        .iter()
        .filter_map(|id| crate::engine::variant::by_id(id))
        .map(|v| {
            let names: Vec<String> = v.profiles.iter().map(|p| format!("`{p}`")).collect();
            format!("{}: {}", v.id, names.join(", "))
        })
        .collect();
    format!(
        "Profile name; the variant's default (listed first) when omitted. Each variant's \
         profiles (`GET /v1/variants/{{id}}` says what each follows): {}.",
        lists.join("; ")
    )
}

/// The document as the pretty JSON committed in `openapi/openapi.json`.
pub fn openapi_json() -> String {
    let mut text = openapi().to_pretty_json().expect("the document serialises");
    text.push('\n');
    text
}

/// Known paths (templates) with their methods, from the document.
#[derive(Debug, Clone)]
pub struct KnownPaths(Vec<(Vec<String>, Vec<String>)>);

impl KnownPaths {
    /// The paths of the document, plus the ones the service adds outside it.
    pub fn from_document(doc: &utoipa::openapi::OpenApi) -> KnownPaths {
        let value = serde_json::to_value(&doc.paths).expect("paths serialise");
        let mut out = Vec::new();
        if let Some(map) = value.as_object() {
            for (path, item) in map {
                let methods = item
                    .as_object()
                    .map(|m| {
                        m.keys()
                            .filter(|k| {
                                ["get", "post", "put", "delete", "patch", "head", "options"]
                                    .contains(&k.as_str())
                            })
                            .map(|k| k.to_uppercase())
                            .collect()
                    })
                    .unwrap_or_default();
                out.push((segments(path), with_head(methods)));
            }
        }
        out.push((
            segments("/openapi.json"),
            with_head(vec!["GET".to_string()]),
        ));
        KnownPaths(out)
    }

    fn methods_for(&self, path: &str) -> Option<&[String]> {
        let given = segments(path);
        self.0
            .iter()
            .find(|(template, _)| {
                template.len() == given.len()
                    && template
                        .iter()
                        .zip(&given)
                        .all(|(t, g)| (t.starts_with('{') && !g.is_empty()) || t == g)
            })
            .map(|(_, m)| m.as_slice())
    }
}

/// The methods of a path with HEAD after GET: every GET route answers HEAD too
/// ([`normalize`]).
fn with_head(mut methods: Vec<String>) -> Vec<String> {
    if let Some(i) = methods.iter().position(|m| m == "GET") {
        if !methods.iter().any(|m| m == "HEAD") {
            methods.insert(i + 1, "HEAD".to_string());
        }
    }
    methods
}

fn segments(path: &str) -> Vec<String> {
    path.trim_end_matches('/')
        .split('/')
        .map(String::from)
        .collect()
}

/// Reads a request the way the routes are written, before routing: trailing slashes are
/// dropped (`/v1/variants/tai/` is `/v1/variants/tai`; not under `/docs/` and `/board/`, where
/// the Swagger UI and the analysis board address their files relative to the page), and HEAD is routed as GET (the
/// connection sends the answer's head without its body).
pub fn normalize(req: &mut ServiceRequest) {
    if req.method() == Method::HEAD {
        req.head_mut().method = Method::GET;
    }
    let path = req.path();
    let trimmed = path.trim_end_matches('/');
    if trimmed.len() == path.len()
        || trimmed.is_empty()
        || path.starts_with("/docs/")
        || path.starts_with("/board/")
    {
        return;
    }
    let text = match req.query_string() {
        "" => trimmed.to_string(),
        query => format!("{trimmed}?{query}"),
    };
    let mut parts = req.head().uri.clone().into_parts();
    parts.path_and_query = text.parse::<PathAndQuery>().ok();
    if let Ok(uri) = Uri::from_parts(parts) {
        req.match_info_mut().get_mut().update(&uri);
        req.head_mut().uri = uri;
    }
}

/// The Swagger UI's start script, with `validatorUrl: null`: the page never sends the
/// document to an outside validator (utoipa-swagger-ui can only write the string
/// `"none"`, which Swagger UI also reads as "no validator"; the script is built once from
/// the crate's own and that one value written as `null`).
pub async fn swagger_initializer() -> HttpResponse {
    use actix_web::ResponseError;
    static SCRIPT: std::sync::OnceLock<Option<(String, String)>> = std::sync::OnceLock::new();
    let script = SCRIPT.get_or_init(|| {
        let config = utoipa_swagger_ui::Config::new(["/openapi.json"]).validator_url("none");
        let file = utoipa_swagger_ui::serve("swagger-initializer.js", config.into()).ok()??;
        let text = String::from_utf8(file.bytes.into_owned()).ok()?;
        let text = text.replace(r#""validatorUrl": "none""#, r#""validatorUrl": null"#);
        text.contains(r#""validatorUrl": null"#)
            .then_some((text, file.content_type))
    });
    match script {
        Some((text, content_type)) => HttpResponse::Ok()
            .content_type(content_type.as_str())
            .body(text.clone()),
        None => ApiError::new(
            actix_web::http::StatusCode::SERVICE_UNAVAILABLE,
            "docs_unavailable",
            "Documentation page unavailable",
            "the Swagger UI start script could not be built",
        )
        .error_response(),
    }
}

/// `/docs` without its slash: the Swagger UI is at `/docs/`.
pub async fn docs_redirect() -> HttpResponse {
    HttpResponse::PermanentRedirect()
        .insert_header((header::LOCATION, "/docs/"))
        .finish()
}

/// Requests no handler takes: 405 with `Allow` on a known path (which never lists the
/// method used: such a request is on no path the service has), 404 elsewhere.
pub async fn not_routed(req: HttpRequest) -> HttpResponse {
    use actix_web::ResponseError;
    let known = req.app_data::<actix_web::web::Data<KnownPaths>>();
    let methods = known
        .and_then(|k| k.methods_for(req.match_info().as_str()))
        .filter(|allowed| !allowed.iter().any(|m| m == req.method().as_str()));
    if let Some(methods) = methods {
        let allow = methods.join(", ");
        let mut resp = ApiError::new(
            actix_web::http::StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
            "Method not allowed",
            format!(
                "{} is not allowed here; allowed: {allow}",
                error::echo(req.method().as_str())
            ),
        )
        .error_response();
        if let Ok(v) = header::HeaderValue::from_str(&allow) {
            resp.headers_mut().insert(header::ALLOW, v);
        }
        return resp;
    }
    ApiError::new(
        actix_web::http::StatusCode::NOT_FOUND,
        "not_found",
        "Not found",
        "no such path; see /openapi.json",
    )
    .error_response()
}
