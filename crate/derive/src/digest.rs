//! `#[derive(Digestible)]`: feeds a type into turnkeeper's state digest
//! (`crate::digest::Digestible`), following the encoding written down in `crate::digest`:
//!
//! - a struct: its fields in declaration order (a unit struct adds nothing);
//! - an enum of two or more variants: the variant's discriminant as one signed word (the
//!   discriminant Rust gives it: 0, 1, 2… in declaration order, or the `= n` it is given and
//!   counting on from there), then the variant's fields in order;
//! - an enum of one variant: that variant's fields only.
//!
//! These are the words `derive(Hash)` fed before the digest had its own encoding, so no
//! digest moved when the state types switched. A discriminant written as anything but an
//! integer literal is a compile error: the macro must know its value.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::{Data, DeriveInput, Expr, ExprLit, ExprUnary, Fields, Lit, UnOp};

use crate::with_bounds;

pub fn digest_impl(input: &DeriveInput) -> syn::Result<TokenStream> {
    let name = &input.ident;
    let generics = with_bounds(input, quote!(crate::digest::Digestible));
    let (impl_g, ty_g, where_g) = generics.split_for_impl();
    let body = match &input.data {
        Data::Struct(s) => struct_body(&s.fields),
        Data::Enum(e) => enum_body(e)?,
        Data::Union(u) => {
            return Err(syn::Error::new(
                u.union_token.span,
                "a union has no digest encoding",
            ));
        }
    };
    Ok(quote! {
        impl #impl_g crate::digest::Digestible for #name #ty_g #where_g {
            #[inline]
            fn feed(&self, d: &mut crate::digest::Digester) {
                #body
            }
        }
    })
}

/// Every field of `self`, in order.
fn struct_body(fields: &Fields) -> TokenStream {
    let feeds = fields.iter().enumerate().map(|(i, f)| match &f.ident {
        Some(ident) => quote! { crate::digest::Digestible::feed(&self.#ident, d); },
        None => {
            let index = syn::Index::from(i);
            quote! { crate::digest::Digestible::feed(&self.#index, d); }
        }
    });
    quote! { #( #feeds )* }
}

fn enum_body(e: &syn::DataEnum) -> syn::Result<TokenStream> {
    if e.variants.is_empty() {
        return Ok(quote! { match *self {} });
    }
    let tagged = e.variants.len() > 1;
    let mut next: i128 = 0;
    let mut arms = Vec::new();
    for v in &e.variants {
        let value = match &v.discriminant {
            Some((_, expr)) => literal(expr)?,
            None => next,
        };
        next = value + 1;
        let ident = &v.ident;
        let (pattern, names) = bindings(&v.fields);
        // The word is the discriminant's two's complement, as a signed word is everywhere.
        let word = value as u64;
        let tag = tagged.then(|| quote! { d.word(#word); });
        arms.push(quote! {
            Self::#ident #pattern => {
                #tag
                #( crate::digest::Digestible::feed(#names, d); )*
            }
        });
    }
    Ok(quote! { match self { #( #arms )* } })
}

/// A variant's pattern and the names it binds its fields to.
fn bindings(fields: &Fields) -> (TokenStream, Vec<syn::Ident>) {
    match fields {
        Fields::Unit => (quote! {}, Vec::new()),
        Fields::Named(named) => {
            let idents: Vec<_> = named.named.iter().filter_map(|f| f.ident.clone()).collect();
            let names: Vec<_> = idents.iter().map(|i| format_ident!("__{}", i)).collect();
            (quote! { { #( #idents: #names ),* } }, names)
        }
        Fields::Unnamed(unnamed) => {
            let names: Vec<_> = (0..unnamed.unnamed.len())
                .map(|i| format_ident!("__f{}", i))
                .collect();
            (quote! { ( #( #names ),* ) }, names)
        }
    }
}

/// The value of an explicit discriminant: an integer literal, possibly negated.
fn literal(expr: &Expr) -> syn::Result<i128> {
    match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Int(int), ..
        }) => int.base10_parse::<i128>(),
        Expr::Unary(ExprUnary {
            op: UnOp::Neg(_),
            expr,
            ..
        }) => literal(expr).map(|v| -v),
        Expr::Group(group) => literal(&group.expr),
        Expr::Paren(paren) => literal(&paren.expr),
        other => Err(syn::Error::new_spanned(
            other,
            "the digest derive needs an integer literal as the discriminant",
        )),
    }
}
