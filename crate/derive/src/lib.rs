//! `#[derive(FromWire, ToWire)]` for turnkeeper's JSON boundary.
//!
//! The derives read the same `#[serde(...)]` attributes the serde derives read, so a type's wire
//! format is written down once, and emit code against turnkeeper's own non-generic JSON reader
//! and writer (`crate::wire`). Serde's derived code is generic over the format and is
//! instantiated once per format and once more for every internally tagged enum it passes
//! through (serde buffers those), which is what made the `.wasm` large; this code exists once
//! per type. The crate's tests check both paths against each other.
//!
//! Supported: named, newtype, tuple and unit structs; `rename_all` (`camelCase`, `lowercase`,
//! `snake_case`, `SCREAMING_SNAKE_CASE`), `rename_all_fields`, `rename`, `default` (container
//! and field, flag or path), `skip_serializing_if`, `deny_unknown_fields`, `transparent`,
//! `try_from`, `into`; enums externally tagged, internally tagged (`tag`), adjacently tagged
//! (`tag` + `content`) and `untagged`. `deserialize_with` needs a sibling
//! `#[wire(read_with = "path")]` (a `fn(&mut Reader) -> wire::Result<T>`). Anything else is a
//! compile error, so the two paths cannot silently disagree. A container may name
//! `#[wire(read_first = "path")]`, a `fn(&mut Reader) -> Option<Self>` tried before the derived
//! reading: a fast path for the one form a hot value is always written in, which gives `None`
//! (and reads nothing) for any other text, so every other form and every error stays the
//! derived code's.
//!
//! `#[derive(Digestible)]` (in `digest.rs`) feeds a state type into the state digest.
//! `#[boundary]` (in `boundary.rs`) is the one attribute that puts these derives, serde's and
//! tsify's on a boundary type.

mod boundary;
mod digest;

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::{Attribute, Data, DeriveInput, Fields, Ident, LitStr, parse_macro_input};

#[proc_macro_derive(FromWire, attributes(wire, serde))]
pub fn derive_from_wire(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    match read_impl(&input) {
        Ok(ts) => ts.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

/// Both directions at once: `FromWire` and `ToWire` (what most boundary types need).
#[proc_macro_derive(Wire, attributes(wire, serde))]
pub fn derive_wire(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    match (read_impl(&input), write_impl(&input)) {
        (Ok(read), Ok(write)) => quote! { #read #write }.into(),
        (Err(e), _) | (_, Err(e)) => e.to_compile_error().into(),
    }
}

/// The one attribute of a boundary type: see `boundary.rs` for its arguments.
#[proc_macro_attribute]
pub fn boundary(
    args: proc_macro::TokenStream,
    item: proc_macro::TokenStream,
) -> proc_macro::TokenStream {
    match boundary::boundary_impl(args.into(), item.into()) {
        Ok(ts) => ts.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

/// The state digest's encoding of a struct or enum (see `digest.rs`).
#[proc_macro_derive(Digestible)]
pub fn derive_digestible(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    match digest::digest_impl(&input) {
        Ok(ts) => ts.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

#[proc_macro_derive(ToWire, attributes(wire, serde))]
pub fn derive_to_wire(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    match write_impl(&input) {
        Ok(ts) => ts.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

// ---------------------------------------------------------------------------------------------
// Attributes
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq)]
enum Rule {
    Camel,
    Lower,
    Snake,
    ScreamingSnake,
}

impl Rule {
    fn parse(s: &LitStr) -> syn::Result<Rule> {
        match s.value().as_str() {
            "camelCase" => Ok(Rule::Camel),
            "lowercase" => Ok(Rule::Lower),
            "snake_case" => Ok(Rule::Snake),
            "SCREAMING_SNAKE_CASE" => Ok(Rule::ScreamingSnake),
            _ => Err(syn::Error::new(
                s.span(),
                "rename rule not supported by the wire derive",
            )),
        }
    }

    /// A variant name (PascalCase in Rust) as serde renames it.
    fn variant(self, name: &str) -> String {
        match self {
            Rule::Camel => {
                let mut out = String::new();
                let mut chars = name.chars();
                if let Some(first) = chars.next() {
                    out.extend(first.to_lowercase());
                }
                out.extend(chars);
                out
            }
            Rule::Lower => name.to_ascii_lowercase(),
            Rule::Snake | Rule::ScreamingSnake => {
                let mut out = String::new();
                for (i, ch) in name.char_indices() {
                    if i > 0 && ch.is_uppercase() {
                        out.push('_');
                    }
                    out.push(ch.to_ascii_lowercase());
                }
                if self == Rule::ScreamingSnake {
                    out.to_ascii_uppercase()
                } else {
                    out
                }
            }
        }
    }

    /// A field name (snake_case in Rust) as serde renames it.
    fn field(self, name: &str) -> String {
        match self {
            Rule::Camel => {
                let mut out = String::new();
                let mut upper = false;
                for ch in name.chars() {
                    if ch == '_' {
                        upper = true;
                    } else if upper {
                        out.push(ch.to_ascii_uppercase());
                        upper = false;
                    } else {
                        out.push(ch);
                    }
                }
                out
            }
            Rule::Lower | Rule::Snake => name.to_string(),
            Rule::ScreamingSnake => name.to_ascii_uppercase(),
        }
    }
}

#[derive(Default)]
struct Container {
    rename_all: Option<Rule>,
    rename_all_fields: Option<Rule>,
    tag: Option<String>,
    content: Option<String>,
    untagged: bool,
    transparent: bool,
    try_from: Option<TokenStream>,
    into: Option<TokenStream>,
    deny_unknown: bool,
    default: bool,
    read_first: Option<TokenStream>,
}

#[derive(Default)]
struct FieldAttrs {
    rename: Option<String>,
    default: Option<Option<TokenStream>>,
    skip_if: Option<TokenStream>,
    deserialize_with: bool,
    serialize_with: bool,
    read_with: Option<TokenStream>,
    write_with: Option<TokenStream>,
}

#[derive(Default)]
struct VariantAttrs {
    rename: Option<String>,
}

fn path_tokens(s: &LitStr) -> syn::Result<TokenStream> {
    s.value()
        .parse::<TokenStream>()
        .map_err(|_| syn::Error::new(s.span(), "not a path"))
}

fn container_attrs(attrs: &[Attribute]) -> syn::Result<Container> {
    let mut c = Container::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        attr.parse_nested_meta(|meta| {
            let p = &meta.path;
            if p.is_ident("rename_all") {
                c.rename_all = Some(Rule::parse(&meta.value()?.parse()?)?);
            } else if p.is_ident("rename_all_fields") {
                c.rename_all_fields = Some(Rule::parse(&meta.value()?.parse()?)?);
            } else if p.is_ident("tag") {
                c.tag = Some(meta.value()?.parse::<LitStr>()?.value());
            } else if p.is_ident("content") {
                c.content = Some(meta.value()?.parse::<LitStr>()?.value());
            } else if p.is_ident("untagged") {
                c.untagged = true;
            } else if p.is_ident("transparent") {
                c.transparent = true;
            } else if p.is_ident("try_from") {
                c.try_from = Some(path_tokens(&meta.value()?.parse()?)?);
            } else if p.is_ident("into") {
                c.into = Some(path_tokens(&meta.value()?.parse()?)?);
            } else if p.is_ident("deny_unknown_fields") {
                c.deny_unknown = true;
            } else if p.is_ident("default") {
                if meta.input.peek(syn::Token![=]) {
                    return Err(meta.error("container default paths are not supported"));
                }
                c.default = true;
            } else {
                return Err(meta.error("serde attribute not supported by the wire derive"));
            }
            Ok(())
        })?;
    }
    for attr in attrs.iter().filter(|a| a.path().is_ident("wire")) {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("read_first") {
                c.read_first = Some(path_tokens(&meta.value()?.parse()?)?);
                Ok(())
            } else {
                Err(meta.error("expected `read_first` on a type"))
            }
        })?;
    }
    Ok(c)
}

fn field_attrs(attrs: &[Attribute]) -> syn::Result<FieldAttrs> {
    let mut f = FieldAttrs::default();
    for attr in attrs {
        if attr.path().is_ident("serde") {
            attr.parse_nested_meta(|meta| {
                let p = &meta.path;
                if p.is_ident("rename") {
                    f.rename = Some(meta.value()?.parse::<LitStr>()?.value());
                } else if p.is_ident("default") {
                    f.default = Some(if meta.input.peek(syn::Token![=]) {
                        Some(path_tokens(&meta.value()?.parse()?)?)
                    } else {
                        None
                    });
                } else if p.is_ident("skip_serializing_if") {
                    f.skip_if = Some(path_tokens(&meta.value()?.parse()?)?);
                } else if p.is_ident("deserialize_with") {
                    let _: LitStr = meta.value()?.parse()?;
                    f.deserialize_with = true;
                } else if p.is_ident("serialize_with") {
                    let _: LitStr = meta.value()?.parse()?;
                    f.serialize_with = true;
                } else {
                    return Err(
                        meta.error("serde field attribute not supported by the wire derive")
                    );
                }
                Ok(())
            })?;
        } else if attr.path().is_ident("wire") {
            attr.parse_nested_meta(|meta| {
                if meta.path.is_ident("read_with") {
                    f.read_with = Some(path_tokens(&meta.value()?.parse()?)?);
                    Ok(())
                } else if meta.path.is_ident("write_with") {
                    f.write_with = Some(path_tokens(&meta.value()?.parse()?)?);
                    Ok(())
                } else {
                    Err(meta.error("unknown wire attribute"))
                }
            })?;
        }
    }
    Ok(f)
}

fn variant_attrs(attrs: &[Attribute]) -> syn::Result<VariantAttrs> {
    let mut v = VariantAttrs::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("rename") {
                v.rename = Some(meta.value()?.parse::<LitStr>()?.value());
                Ok(())
            } else {
                Err(meta.error("serde variant attribute not supported by the wire derive"))
            }
        })?;
    }
    Ok(v)
}

fn unraw(ident: &Ident) -> String {
    let s = ident.to_string();
    s.strip_prefix("r#").map(str::to_string).unwrap_or(s)
}

/// One named field as the wire sees it.
struct NamedField {
    ident: Ident,
    ty: syn::Type,
    name: String,
    attrs: FieldAttrs,
}

fn named_fields(fields: &syn::FieldsNamed, rule: Option<Rule>) -> syn::Result<Vec<NamedField>> {
    fields
        .named
        .iter()
        .map(|f| {
            let ident = f
                .ident
                .clone()
                .ok_or_else(|| syn::Error::new(Span::call_site(), "unnamed"))?;
            let attrs = field_attrs(&f.attrs)?;
            if attrs.deserialize_with && attrs.read_with.is_none() {
                return Err(syn::Error::new_spanned(
                    f,
                    "deserialize_with needs #[wire(read_with = \"...\")] beside it",
                ));
            }
            if attrs.serialize_with && attrs.write_with.is_none() {
                return Err(syn::Error::new_spanned(
                    f,
                    "serialize_with needs #[wire(write_with = \"...\")] beside it",
                ));
            }
            let raw = unraw(&ident);
            let name = match (&attrs.rename, rule) {
                (Some(n), _) => n.clone(),
                (None, Some(r)) => r.field(&raw),
                (None, None) => raw,
            };
            Ok(NamedField {
                ident,
                ty: f.ty.clone(),
                name,
                attrs,
            })
        })
        .collect()
}

fn variant_name(v: &syn::Variant, rule: Option<Rule>) -> syn::Result<String> {
    let attrs = variant_attrs(&v.attrs)?;
    let raw = unraw(&v.ident);
    Ok(match (attrs.rename, rule) {
        (Some(n), _) => n,
        (None, Some(r)) => r.variant(&raw),
        (None, None) => raw,
    })
}

fn with_bounds(input: &DeriveInput, bound: TokenStream) -> syn::Generics {
    let mut generics = input.generics.clone();
    for param in generics.type_params_mut() {
        param.bounds.push(syn::parse_quote!(#bound));
    }
    generics
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/// Code that reads the named `fields` of an object into one of `ctors` (`ctor { .. }`): the
/// only one for a struct; for the variants of a tagged enum that have the same fields, the
/// one whose index the tag gave (`__vi`). `skip` is the key to pass over (an internal tag),
/// `default_all` the container's `default`.
///
/// The fields are described to the reader as data: their names go in one table and their slots
/// (each a `dyn Slot`) in another, and the one shared loop (`Reader::fields`) matches each key
/// against the names and fills the slot at the same index. The generated code is then the
/// tables and the construction, with no string comparisons and no closure of its own (a
/// closure per struct jumping on the index to `Reader::field` was 0.75 KB gzip larger).
/// (Checking the required fields in one shared call before the construction was tried: the
/// moves through a tuple made each type's reader larger than the per-field checks it saved.)
fn read_named(
    fields: &[NamedField],
    ctors: &[(proc_macro2::Literal, TokenStream)],
    deny: bool,
    default_all: bool,
    skip: TokenStream,
) -> TokenStream {
    let slots: Vec<Ident> = (0..fields.len())
        .map(|i| format_ident!("__f{}", i))
        .collect();
    let names: Vec<&String> = fields.iter().map(|f| &f.name).collect();
    let decls = fields.iter().zip(&slots).map(|(f, s)| {
        let ty = &f.ty;
        quote! { let mut #s: ::core::option::Option<#ty> = ::core::option::Option::None; }
    });
    let refs = fields
        .iter()
        .zip(&slots)
        .map(|(f, s)| match &f.attrs.read_with {
            Some(path) => quote! { &mut crate::wire::With { slot: &mut #s, read: #path } },
            None => quote! { &mut #s },
        });
    let count = fields.len();
    if count > 64 {
        // `Reader::fields` keeps one bit per field given.
        return syn::Error::new(Span::call_site(), "the wire derive reads at most 64 fields")
            .to_compile_error();
    }
    let default_value = if default_all {
        quote! { let __default: Self = ::core::default::Default::default(); }
    } else {
        quote! {}
    };
    let inits = fields.iter().zip(&slots).map(|(f, s)| {
        let ident = &f.ident;
        let name = &f.name;
        let fallback = match &f.attrs.default {
            Some(Some(path)) => quote! { #path() },
            Some(None) => quote! { ::core::default::Default::default() },
            None if default_all => quote! { __default.#ident },
            None => quote! { r.missing(#name)? },
        };
        quote! { #ident: match #s { ::core::option::Option::Some(v) => v, ::core::option::Option::None => #fallback }, }
    }).collect::<Vec<_>>();
    // Several variants with the same fields share this reading; the variant read (`__vi`)
    // picks the one built.
    let build = match ctors.split_last() {
        Some(((_, last), rest)) if !rest.is_empty() => {
            let arms = rest
                .iter()
                .map(|(vi, ctor)| quote! { #vi => #ctor { #(#inits)* }, });
            quote! { match __vi { #(#arms)* _ => #last { #(#inits)* } } }
        }
        Some(((_, ctor), _)) => quote! { #ctor { #(#inits)* } },
        None => quote! {},
    };
    // The fields that have no default are settled first, each slot filled with its type's
    // absent value; the first still empty names the field that is missing. They all break to
    // one exit with the field's index (one error call per struct, not one per field), which is
    // also the exit of a field's error: all the slots, still unmoved, are abandoned there, and
    // the construction below finds every such slot filled.
    let settle = fields
        .iter()
        .zip(&slots)
        .enumerate()
        .filter(|(_, (f, _))| f.attrs.default.is_none() && !default_all)
        .map(|(i, (_, s))| {
            let i = proc_macro2::Literal::usize_unsuffixed(i);
            quote! {
                if !crate::wire::settle(&mut #s) {
                    break '__missing #i;
                }
            }
        })
        .collect::<Vec<_>>();
    let missing = if settle.is_empty() {
        quote! { ::core::option::Option::None }
    } else {
        quote! {
            let __missing: ::core::primitive::usize = '__missing: {
                #(#settle)*
                ::core::primitive::usize::MAX
            };
            if __missing != ::core::primitive::usize::MAX {
                ::core::option::Option::Some(r.missing_field(__NAMES, __missing))
            } else {
                ::core::option::Option::None
            }
        }
    };
    // A failed read (a field's error, or a field missing) leaves by one exit, which empties
    // the slots through `wire::abandon`: one out-of-line drop per slot type, shared by every
    // struct with such a field, rather than each slot's drop glue inline at each exit.
    quote! {
        const __NAMES: &[&str] = &[#(#names),*];
        #(#decls)*
        let __failed: ::core::option::Option<crate::wire::WireError> = match {
            let mut __slots: [&mut dyn crate::wire::Slot<'_>; #count] = [#(#refs),*];
            r.fields(__NAMES, #skip, #deny, &mut __slots)
        } {
            ::core::result::Result::Err(e) => ::core::option::Option::Some(e),
            ::core::result::Result::Ok(()) => { #missing }
        };
        if let ::core::option::Option::Some(e) = __failed {
            #( crate::wire::abandon(#slots); )*
            return ::core::result::Result::Err(e);
        }
        #default_value
        ::core::result::Result::Ok(#build)
    }
}

fn read_impl(input: &DeriveInput) -> syn::Result<TokenStream> {
    let c = container_attrs(&input.attrs)?;
    let name = &input.ident;
    let generics = with_bounds(input, quote!(crate::wire::FromWire));
    let (impl_g, ty_g, where_g) = generics.split_for_impl();
    let mut extra = quote! {};

    let body = if let Some(from) = &c.try_from {
        quote! {
            let raw = <#from as crate::wire::FromWire>::read(r)?;
            <Self as ::core::convert::TryFrom<#from>>::try_from(raw).map_err(|e| r.refused(e))
        }
    } else {
        match &input.data {
            Data::Struct(s) => match &s.fields {
                Fields::Named(named) => {
                    let fields = named_fields(named, c.rename_all)?;
                    if c.transparent {
                        let f = fields
                            .first()
                            .ok_or_else(|| syn::Error::new_spanned(name, "empty"))?;
                        let ident = &f.ident;
                        quote! { ::core::result::Result::Ok(Self { #ident: crate::wire::FromWire::read(r)? }) }
                    } else {
                        let read = read_named(
                            &fields,
                            &[(proc_macro2::Literal::usize_unsuffixed(0), quote!(Self))],
                            c.deny_unknown,
                            c.default,
                            quote!(skip),
                        );
                        // The fields are read inside `read` (one function per struct, not
                        // a `read` inlined into its callers as a call to a `read_fields`);
                        // only an internally tagged newtype variant, which reads its
                        // payload's fields passing over the tag, has a copy of its own.
                        extra = quote! {
                            #[inline]
                            fn read_fields(r: &mut crate::wire::Reader<'_>, skip: ::core::option::Option<&str>) -> crate::wire::Result<Self> {
                                #read
                            }
                        };
                        quote! { Self::read_fields(r, ::core::option::Option::None) }
                    }
                }
                Fields::Unnamed(un) if un.unnamed.len() == 1 => {
                    match field_attrs(&un.unnamed[0].attrs)?.read_with {
                        Some(path) => quote! { ::core::result::Result::Ok(Self(#path(r)?)) },
                        None => {
                            quote! { ::core::result::Result::Ok(Self(crate::wire::FromWire::read(r)?)) }
                        }
                    }
                }
                Fields::Unnamed(un) => {
                    let n = un.unnamed.len();
                    let slots: Vec<Ident> = (0..n).map(|i| format_ident!("__t{}", i)).collect();
                    let idx: Vec<usize> = (0..n).collect();
                    quote! {
                        #( let mut #slots = ::core::option::Option::None; )*
                        let mut __i = 0usize;
                        r.items(|r| {
                            match __i {
                                #( #idx => #slots = ::core::option::Option::Some(crate::wire::FromWire::read(r)?), )*
                                _ => return ::core::result::Result::Err(r.wrong_length(#n)),
                            }
                            __i += 1;
                            ::core::result::Result::Ok(())
                        })?;
                        ::core::result::Result::Ok(Self(#( #slots.ok_or_else(|| r.wrong_length(#n))? ),*))
                    }
                }
                Fields::Unit => quote! { r.null()?; ::core::result::Result::Ok(Self) },
            },
            Data::Enum(e) => read_enum(&c, e)?,
            Data::Union(_) => {
                return Err(syn::Error::new_spanned(name, "unions are not supported"));
            }
        }
    };
    // A unit-only enum's name is read by one shared call (`Reader::variant`) and the match on
    // its index folds into arithmetic: small enough to inline where it is read, which spares
    // each such enum a function of its own, and each of its slots a call to it.
    let unit_only = matches!(&input.data, Data::Enum(e) if !e.variants.is_empty()
        && e.variants.iter().all(|v| matches!(v.fields, Fields::Unit)))
        && !c.untagged
        && c.tag.is_none()
        && c.try_from.is_none()
        && c.read_first.is_none();
    let inline = if unit_only {
        quote! { #[inline] }
    } else {
        quote! { #[inline(never)] }
    };
    let first = c.read_first.as_ref().map(|path| {
        quote! {
            if let ::core::option::Option::Some(value) = #path(r) {
                return ::core::result::Result::Ok(value);
            }
        }
    });
    Ok(quote! {
        impl #impl_g crate::wire::FromWire for #name #ty_g #where_g {
            #inline
            fn read(r: &mut crate::wire::Reader<'_>) -> crate::wire::Result<Self> {
                #first
                #body
            }
            #extra
        }
    })
}

/// The struct variants of `e` grouped by their fields: the variants (by index) whose fields
/// have the same names, types and attributes, with those fields. A group is read by one piece
/// of code, which builds the variant that was named, rather than one copy per variant.
fn same_fields(
    e: &syn::DataEnum,
    rule: Option<Rule>,
) -> syn::Result<Vec<(Vec<usize>, Vec<NamedField>)>> {
    let mut groups: Vec<(String, Vec<usize>, Vec<NamedField>)> = Vec::new();
    for (i, v) in e.variants.iter().enumerate() {
        let Fields::Named(named) = &v.fields else {
            continue;
        };
        let fields = named_fields(named, rule)?;
        let key = fields
            .iter()
            .map(|f| {
                let (ident, ty) = (&f.ident, &f.ty);
                let default = f.attrs.default.as_ref().map(|d| quote!(#d).to_string());
                let with = f.attrs.read_with.as_ref().map(ToString::to_string);
                format!("{} {ident}: {} {default:?} {with:?};", f.name, quote!(#ty))
            })
            .collect::<String>();
        match groups.iter_mut().find(|(k, _, _)| *k == key) {
            Some((_, members, _)) => members.push(i),
            None => groups.push((key, vec![i], fields)),
        }
    }
    Ok(groups.into_iter().map(|(_, g, f)| (g, f)).collect())
}

/// Enums with at least this many variants find a tag's variant through a table
/// (`crate::wire::NameTable`) rather than by comparing it with each name in turn.
const NAME_TABLE_FROM: usize = 12;

/// `crate::wire::name_hash`, computed here on the build machine
/// (`crate/tests/wire_name_tables.rs` proves that the two agree).
fn name_hash(seed: u32, name: &[u8]) -> u32 {
    name.iter()
        .fold(seed, |h, &b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193))
}

/// A `&crate::wire::NameTable` for `names`: the first seed from 1 under which every name
/// has a slot of its own in a table four times its size (rounded up to a power of two), so a
/// seed turns up within a few hundred tries even for the encounter's sixty-odd events. `None`
/// for enums too small to gain from one.
fn name_table(names: &[String]) -> Option<TokenStream> {
    if names.len() < NAME_TABLE_FROM || names.len() > usize::from(u8::MAX) - 1 {
        return None;
    }
    let bits = (names.len() * 4).next_power_of_two().trailing_zeros();
    let size = 1usize << bits;
    (1u32..=1_000_000).find_map(|seed| {
        let mut slots = vec![0u8; size];
        for (i, name) in names.iter().enumerate() {
            let at = (name_hash(seed, name.as_bytes()) >> (32 - bits)) as usize;
            if slots[at] != 0 {
                return None;
            }
            slots[at] = u8::try_from(i + 1).ok()?;
        }
        Some(quote! {
            &crate::wire::NameTable { seed: #seed, bits: #bits, slots: &[#(#slots),*] }
        })
    })
}

fn read_enum(c: &Container, e: &syn::DataEnum) -> syn::Result<TokenStream> {
    let mut names = Vec::new();
    for v in &e.variants {
        names.push(variant_name(v, c.rename_all)?);
    }
    let deny = c.deny_unknown;
    let field_rule = c.rename_all_fields;

    if c.untagged {
        let tries = e.variants.iter().map(|v| {
            let ident = &v.ident;
            match &v.fields {
                Fields::Unit => Ok(quote! {
                    if let ::core::option::Option::Some(v) = r.attempt(|r| { r.null()?; ::core::result::Result::Ok(Self::#ident) }) { return ::core::result::Result::Ok(v); }
                }),
                Fields::Unnamed(un) if un.unnamed.len() == 1 => Ok(quote! {
                    if let ::core::option::Option::Some(v) = r.attempt(|r| ::core::result::Result::Ok(Self::#ident(crate::wire::FromWire::read(r)?))) { return ::core::result::Result::Ok(v); }
                }),
                Fields::Named(named) => {
                    let fields = named_fields(named, field_rule)?;
                    let read = read_named(&fields, &[(proc_macro2::Literal::usize_unsuffixed(0), quote!(Self::#ident))], deny, false, quote!(::core::option::Option::None));
                    Ok(quote! {
                        if let ::core::option::Option::Some(v) = r.attempt(|r| { #read }) { return ::core::result::Result::Ok(v); }
                    })
                }
                Fields::Unnamed(_) => Err(syn::Error::new_spanned(v, "tuple variants are not supported")),
            }
        }).collect::<syn::Result<Vec<_>>>()?;
        return Ok(quote! {
            #(#tries)*
            ::core::result::Result::Err(r.expected("in one of the accepted forms"))
        });
    }

    if let Some(tag) = &c.tag {
        let tagged = match name_table(&names) {
            Some(table) => quote! { r.tagged_variant_in(#tag, &[#(#names),*], #table) },
            None => quote! { r.tagged_variant(#tag, &[#(#names),*]) },
        };
        if let Some(content) = &c.content {
            // Adjacently tagged: {tag: name, content: payload}.
            let arms = e.variants.iter().enumerate().map(|(i, v)| {
                let vi = proc_macro2::Literal::usize_unsuffixed(i);
                let ident = &v.ident;
                match &v.fields {
                    Fields::Unit => Ok(quote! { #vi => {
                        r.keys(|r, key| if key == #content { r.null() } else { r.other_key(key, ::core::option::Option::Some(#tag), #deny, &[#tag, #content]) })?;
                        ::core::result::Result::Ok(Self::#ident)
                    } }),
                    Fields::Unnamed(un) if un.unnamed.len() == 1 => {
                        let ty = &un.unnamed[0].ty;
                        Ok(quote! { #vi => {
                            let mut slot: ::core::option::Option<#ty> = ::core::option::Option::None;
                            r.keys(|r, key| if key == #content { if slot.is_some() { ::core::result::Result::Err(r.duplicate()) } else { crate::wire::Slot::fill(&mut slot, r) } } else { r.other_key(key, ::core::option::Option::Some(#tag), #deny, &[#tag, #content]) })?;
                            match slot { ::core::option::Option::Some(v) => ::core::result::Result::Ok(Self::#ident(v)), ::core::option::Option::None => ::core::result::Result::Err(r.missing_key(#content)) }
                        } })
                    }
                    _ => Err(syn::Error::new_spanned(v, "adjacently tagged: only unit and newtype variants are supported")),
                }
            }).collect::<syn::Result<Vec<_>>>()?;
            return Ok(quote! {
                match #tagged? {
                    #(#arms)*
                    _ => ::core::result::Result::Err(r.error("unknown variant")),
                }
            });
        }
        // Internally tagged: {tag: name, ...fields}.
        let groups = same_fields(e, field_rule)?;
        let units: Vec<(usize, &Ident)> = e
            .variants
            .iter()
            .enumerate()
            .filter(|(_, v)| matches!(v.fields, Fields::Unit))
            .map(|(i, v)| (i, &v.ident))
            .collect();
        let arms = e.variants.iter().enumerate().map(|(i, v)| {
                let vi = proc_macro2::Literal::usize_unsuffixed(i);
            let ident = &v.ident;
            match &v.fields {
                Fields::Unit => {
                    // The unit variants share one arm, which reads the object (only the tag)
                    // and builds the variant named.
                    if units.first().map(|(u, _)| *u) != Some(i) {
                        return Ok(None);
                    }
                    let Some(((_, last), rest)) = units.split_last() else {
                        return Ok(None);
                    };
                    let pats = units.iter().map(|(u, _)| proc_macro2::Literal::usize_unsuffixed(*u));
                    let picks = rest.iter().map(|(u, ident)| {
                        let ui = proc_macro2::Literal::usize_unsuffixed(*u);
                        quote! { #ui => Self::#ident, }
                    });
                    Ok(Some((quote! { #(#pats)|* }, quote! {
                        r.keys(|r, key| r.other_key(key, ::core::option::Option::Some(#tag), #deny, &[]))?;
                        ::core::result::Result::Ok(match __vi { #(#picks)* _ => Self::#last })
                    })))
                }
                Fields::Unnamed(un) if un.unnamed.len() == 1 => {
                    let ty = &un.unnamed[0].ty;
                    Ok(Some((quote! { #vi }, quote! { ::core::result::Result::Ok(Self::#ident(<#ty as crate::wire::FromWire>::read_fields(r, ::core::option::Option::Some(#tag))?)) })))
                }
                Fields::Named(_) => {
                    // A variant with the same fields as an earlier one is read by that one's arm.
                    let Some((group, fields)) = groups.iter().find(|(g, _)| g.first() == Some(&i)) else {
                        return Ok(None);
                    };
                    let ctors: Vec<_> = group.iter().filter_map(|&g| {
                        let ident = &e.variants.iter().nth(g)?.ident;
                        Some((proc_macro2::Literal::usize_unsuffixed(g), quote!(Self::#ident)))
                    }).collect();
                    let pats = ctors.iter().map(|(g, _)| g);
                    let read = read_named(fields, &ctors, deny, false, quote!(::core::option::Option::Some(#tag)));
                    Ok(Some((quote! { #(#pats)|* }, read)))
                }
                Fields::Unnamed(_) => Err(syn::Error::new_spanned(v, "tuple variants are not supported")),
            }
        }).collect::<syn::Result<Vec<_>>>()?;
        // `Reader::tagged_variant` gives only indices of `names`, so the last arm can be the
        // match's `_`, with no error arm that cannot be reached.
        let arms: Vec<_> = arms.into_iter().flatten().collect();
        let Some(((_, last), rest)) = arms.split_last() else {
            return Ok(quote! {
                #tagged?;
                ::core::result::Result::Err(r.error("unknown variant"))
            });
        };
        let rest = rest.iter().map(|(pat, body)| quote! { #pat => { #body } });
        return Ok(quote! {
            let __vi = #tagged?;
            match __vi {
                #(#rest)*
                _ => { #last }
            }
        });
    }

    // Externally tagged: "name" for unit variants, {name: payload} otherwise.
    let all_unit = e.variants.iter().all(|v| matches!(v.fields, Fields::Unit));
    let unit_arms = e
        .variants
        .iter()
        .enumerate()
        .filter(|(_, v)| matches!(v.fields, Fields::Unit))
        .map(|(i, v)| {
            let ident = &v.ident;
            let vi = proc_macro2::Literal::usize_unsuffixed(i);
            quote! { #vi => ::core::result::Result::Ok(Self::#ident), }
        });
    if all_unit {
        // `Reader::variant` gives only indices of `names`, so the last variant can be the
        // match's `_`: no error arm that cannot be reached, and the match folds into arithmetic
        // on the index.
        let mut picks = Vec::new();
        for (i, v) in e.variants.iter().enumerate() {
            let ident = &v.ident;
            picks.push(if i + 1 == e.variants.len() {
                quote! { _ => Self::#ident, }
            } else {
                let vi = proc_macro2::Literal::usize_unsuffixed(i);
                quote! { #vi => Self::#ident, }
            });
        }
        return Ok(quote! {
            ::core::result::Result::Ok(match r.variant(&[#(#names),*])? {
                #(#picks)*
            })
        });
    }
    let data_arms = e.variants.iter().enumerate().map(|(i, v)| {
                let vi = proc_macro2::Literal::usize_unsuffixed(i);
        let ident = &v.ident;
        match &v.fields {
            Fields::Unit => Ok(quote! { #vi => { r.null()?; ::core::result::Result::Ok(Self::#ident) } }),
            Fields::Unnamed(un) if un.unnamed.len() == 1 => Ok(quote! { #vi => ::core::result::Result::Ok(Self::#ident(crate::wire::FromWire::read(r)?)), }),
            Fields::Named(named) => {
                let fields = named_fields(named, field_rule)?;
                let read = read_named(&fields, &[(vi.clone(), quote!(Self::#ident))], deny, false, quote!(::core::option::Option::None));
                Ok(quote! { #vi => { #read } })
            }
            Fields::Unnamed(_) => Err(syn::Error::new_spanned(v, "tuple variants are not supported")),
        }
    }).collect::<syn::Result<Vec<_>>>()?;
    Ok(quote! {
        if r.peek_string()? {
            let name = r.str()?;
            return match r.variant_index(&name, &[#(#names),*])? {
                #(#unit_arms)*
                _ => ::core::result::Result::Err(r.unknown_variant(&name, &[#(#names),*])),
            };
        }
        let mut out: ::core::option::Option<Self> = ::core::option::Option::None;
        r.keys(|r, key| {
            if out.is_some() {
                return ::core::result::Result::Err(r.wrong(::std::string::String::from("must be an object with exactly one key")));
            }
            out = ::core::option::Option::Some(match r.key_index(key, &[#(#names),*])? {
                #(#data_arms)*
                _ => ::core::result::Result::Err(r.unknown_variant(key, &[#(#names),*])),
            }?);
            ::core::result::Result::Ok(())
        })?;
        out.ok_or_else(|| r.wrong(::std::string::String::from("must be an object with exactly one key")))
    })
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

/// Statements writing `fields` (bound by reference as `bindings`) into an open object.
fn write_named(fields: &[NamedField], bindings: &[TokenStream]) -> TokenStream {
    let stmts = fields.iter().zip(bindings).map(|(f, b)| {
        let name = &f.name;
        let write = match &f.attrs.write_with {
            Some(path) => quote! { w.key(#name); #path(#b, w); },
            None => quote! { w.key(#name); crate::wire::ToWire::write(#b, w); },
        };
        match &f.attrs.skip_if {
            Some(path) => quote! { if !#path(#b) { #write } },
            None => write,
        }
    });
    quote! { #(#stmts)* }
}

fn write_impl(input: &DeriveInput) -> syn::Result<TokenStream> {
    let c = container_attrs(&input.attrs)?;
    let name = &input.ident;
    let generics = with_bounds(input, quote!(crate::wire::ToWire));
    let (impl_g, ty_g, where_g) = generics.split_for_impl();
    let mut extra = quote! {};

    let body = if let Some(into) = &c.into {
        quote! {
            let proxy: #into = ::core::convert::Into::into(::core::clone::Clone::clone(self));
            crate::wire::ToWire::write(&proxy, w);
        }
    } else {
        match &input.data {
            Data::Struct(s) => match &s.fields {
                Fields::Named(named) => {
                    let fields = named_fields(named, c.rename_all)?;
                    if c.transparent {
                        let f = fields
                            .first()
                            .ok_or_else(|| syn::Error::new_spanned(name, "empty"))?;
                        let ident = &f.ident;
                        quote! { crate::wire::ToWire::write(&self.#ident, w); }
                    } else {
                        let bindings: Vec<TokenStream> = fields
                            .iter()
                            .map(|f| {
                                let ident = &f.ident;
                                quote!(&self.#ident)
                            })
                            .collect();
                        let stmts = write_named(&fields, &bindings);
                        // The fields are written inside `write` (one function per struct, not
                        // two); only an internally tagged newtype variant, which writes its
                        // payload's fields after the tag, has a copy of its own.
                        extra = quote! {
                            #[inline]
                            fn write_fields(&self, w: &mut crate::wire::Writer) { #stmts }
                        };
                        quote! { w.open_object(); self.write_fields(w); w.close_object(); }
                    }
                }
                Fields::Unnamed(un) if un.unnamed.len() == 1 => {
                    match field_attrs(&un.unnamed[0].attrs)?.write_with {
                        Some(path) => quote! { #path(&self.0, w); },
                        None => quote! { crate::wire::ToWire::write(&self.0, w); },
                    }
                }
                Fields::Unnamed(un) => {
                    let idx = (0..un.unnamed.len()).map(syn::Index::from);
                    quote! { w.open_array(); #( w.item(); crate::wire::ToWire::write(&self.#idx, w); )* w.close_array(); }
                }
                Fields::Unit => quote! { w.null(); },
            },
            Data::Enum(e) => write_enum(&c, e)?,
            Data::Union(_) => {
                return Err(syn::Error::new_spanned(name, "unions are not supported"));
            }
        }
    };
    Ok(quote! {
        impl #impl_g crate::wire::ToWire for #name #ty_g #where_g {
            #[inline(never)]
            fn write(&self, w: &mut crate::wire::Writer) {
                #body
            }
            #extra
        }
    })
}

fn write_enum(c: &Container, e: &syn::DataEnum) -> syn::Result<TokenStream> {
    let field_rule = c.rename_all_fields;
    let all_unit = e.variants.iter().all(|v| matches!(v.fields, Fields::Unit));
    if all_unit && !e.variants.is_empty() && !c.untagged && c.tag.is_none() {
        // A plain name: one call with the variant's index into the table of names, not a call
        // per variant (nor a table of each name's address and one of its length per enum).
        let mut names = Vec::new();
        let mut arms = Vec::new();
        for (i, v) in e.variants.iter().enumerate() {
            let ident = &v.ident;
            names.push(variant_name(v, c.rename_all)?);
            arms.push(quote! { Self::#ident => #i, });
        }
        return Ok(quote! { w.name_at(&[#(#names),*], match self { #(#arms)* }); });
    }
    let mut arms = Vec::new();
    for v in &e.variants {
        let ident = &v.ident;
        let vname = variant_name(v, c.rename_all)?;
        let arm = match &v.fields {
            Fields::Unit => {
                let pat = quote!(Self::#ident);
                let body = if c.untagged {
                    quote! { w.null(); }
                } else if let Some(tag) = &c.tag {
                    quote! { w.open_tagged(#tag, #vname); w.close_object(); }
                } else {
                    quote! { w.str(#vname); }
                };
                quote! { #pat => { #body } }
            }
            Fields::Unnamed(un) if un.unnamed.len() == 1 => {
                let pat = quote!(Self::#ident(inner));
                let body = if c.untagged {
                    quote! { crate::wire::ToWire::write(inner, w); }
                } else if let (Some(tag), Some(content)) = (&c.tag, &c.content) {
                    quote! { w.open_object(); w.key(#tag); w.str(#vname); w.key(#content); crate::wire::ToWire::write(inner, w); w.close_object(); }
                } else if let Some(tag) = &c.tag {
                    quote! { w.open_tagged(#tag, #vname); crate::wire::ToWire::write_fields(inner, w); w.close_object(); }
                } else {
                    quote! { w.open_object(); w.key(#vname); crate::wire::ToWire::write(inner, w); w.close_object(); }
                };
                quote! { #pat => { #body } }
            }
            Fields::Named(named) => {
                let fields = named_fields(named, field_rule)?;
                let idents: Vec<&Ident> = fields.iter().map(|f| &f.ident).collect();
                let locals: Vec<Ident> = (0..idents.len())
                    .map(|i| format_ident!("__v{}", i))
                    .collect();
                let bindings: Vec<TokenStream> = locals.iter().map(|i| quote!(#i)).collect();
                let stmts = write_named(&fields, &bindings);
                let pat = quote!(Self::#ident { #(#idents: #locals),* });
                let body = if c.untagged {
                    quote! { w.open_object(); #stmts w.close_object(); }
                } else if c.content.is_some() {
                    return Err(syn::Error::new_spanned(
                        v,
                        "adjacently tagged struct variants are not supported",
                    ));
                } else if let Some(tag) = &c.tag {
                    quote! { w.open_tagged(#tag, #vname); #stmts w.close_object(); }
                } else {
                    quote! { w.open_object(); w.key(#vname); w.open_object(); #stmts w.close_object(); w.close_object(); }
                };
                quote! { #pat => { #body } }
            }
            Fields::Unnamed(_) => {
                return Err(syn::Error::new_spanned(
                    v,
                    "tuple variants are not supported",
                ));
            }
        };
        arms.push(arm);
    }
    if e.variants.is_empty() {
        return Ok(quote! { match *self {} });
    }
    Ok(quote! {
        match self { #(#arms)* }
    })
}
