//! `#[boundary]`: the one attribute a type crossing turnkeeper's boundary carries, in place of
//! the serde derives, the wire derive, tsify's derive and (for state) the digest derive.
//!
//! A boundary type's format is written once, in its `#[serde(...)]` attributes, and several
//! derives read it: serde's (for Rust callers and the tests that check the wire path against
//! serde), the lean wire codec's (what the wasm build reads and writes), tsify's (the
//! TypeScript declaration) and, for state, the digest's. Listing them by hand on every type let
//! them drift: a type with serde's derive but not the wire's, or a TypeScript declaration under
//! the wrong feature. This attribute makes the set a choice among a few named kinds.
//!
//! Arguments (any order, comma-separated):
//! - `state`: also `Digestible` (the state digest), and under `cfg(test)` `Hash`, which the
//!   digest's test oracle recomputes with (unless the type derives `Hash` itself);
//! - `input` / `output`: one direction only (a command nobody writes back, an event or report
//!   nobody reads); the default is both;
//! - `procedures`: the TypeScript declaration belongs to the procedures module's build
//!   (`wasm-procedures`) rather than every wasm build (`wasm-base`);
//! - `rust_only`: no TypeScript declaration (a type the facade never names).

use proc_macro2::TokenStream;
use quote::quote;
use syn::parse::Parser;
use syn::punctuated::Punctuated;
use syn::{Ident, Token};

#[derive(Default)]
struct Kind {
    state: bool,
    input: bool,
    output: bool,
    procedures: bool,
    rust_only: bool,
}

fn parse_kind(args: TokenStream) -> syn::Result<Kind> {
    let names = Punctuated::<Ident, Token![,]>::parse_terminated.parse2(args)?;
    let mut kind = Kind::default();
    for name in names {
        let flag = match name.to_string().as_str() {
            "state" => &mut kind.state,
            "input" => &mut kind.input,
            "output" => &mut kind.output,
            "procedures" => &mut kind.procedures,
            "rust_only" => &mut kind.rust_only,
            _ => {
                return Err(syn::Error::new(
                    name.span(),
                    "expected `state`, `input`, `output`, `procedures` or `rust_only`",
                ));
            }
        };
        if *flag {
            return Err(syn::Error::new(name.span(), "named twice"));
        }
        *flag = true;
    }
    if kind.input && kind.output {
        return Err(syn::Error::new(
            proc_macro2::Span::call_site(),
            "`input` and `output` together are the default: name neither",
        ));
    }
    if kind.procedures && kind.rust_only {
        return Err(syn::Error::new(
            proc_macro2::Span::call_site(),
            "`procedures` names where the TypeScript declaration goes; `rust_only` has none",
        ));
    }
    Ok(kind)
}

pub(crate) fn boundary_impl(args: TokenStream, item: TokenStream) -> syn::Result<TokenStream> {
    let kind = parse_kind(args)?;
    // Only structs and enums carry a format.
    let parsed: syn::DeriveInput = syn::parse2(item.clone())?;
    let reads = !kind.output;
    let writes = !kind.input;
    let mut derives = Vec::new();
    if writes {
        derives.push(quote!(::serde::Serialize));
    }
    if reads {
        derives.push(quote!(::serde::Deserialize));
    }
    derives.push(match (reads, writes) {
        (true, true) => quote!(crate::wire::Wire),
        (true, false) => quote!(crate::wire::FromWire),
        _ => quote!(crate::wire::ToWire),
    });
    if kind.state {
        derives.push(quote!(crate::Digestible));
    }
    // The oracle needs `Hash`; a type that derives it already (a map key) has it.
    let hash = (kind.state && !derives_hash(&parsed))
        .then(|| quote!(#[cfg_attr(test, derive(::core::hash::Hash))]));
    let tsify = if kind.rust_only {
        None
    } else {
        let feature = if kind.procedures {
            "wasm-procedures"
        } else {
            "wasm-base"
        };
        Some(quote!(#[cfg_attr(feature = #feature, derive(::tsify::Tsify))]))
    };
    Ok(quote! {
        #[derive(#(#derives),*)]
        #hash
        #tsify
        #item
    })
}

/// Whether one of the item's own `#[derive(...)]` lists names `Hash`.
fn derives_hash(item: &syn::DeriveInput) -> bool {
    item.attrs
        .iter()
        .filter(|a| a.path().is_ident("derive"))
        .any(|a| {
            a.parse_args_with(Punctuated::<syn::Path, Token![,]>::parse_terminated)
                .is_ok_and(|paths| paths.iter().any(|p| p.is_ident("Hash")))
        })
}
