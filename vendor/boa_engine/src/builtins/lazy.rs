//! Local patch (code-runtime-boa, see its `vendor/README.md`): built-ins a program rarely touches,
//! initialized the first time anything touches them instead of with the realm.
//!
//! A fresh realm spent most of its build making function objects for every built-in method
//! (about 475 of them), and dropping the realm freed them all again, though a typical program
//! uses a few. The constructors, prototypes and namespace objects of the built-ins listed in
//! [`LAZY_BUILT_INS`] exist from the start (identity, global bindings and the prototypes of
//! objects made from them are as before) but stay empty, with internal methods that first run
//! the built-in's usual initialization and then hand over to the object's own methods, which
//! they put back. Every way to observe an object goes through its internal methods
//! (`object/internal_methods/mod.rs`), so a program sees them exactly as if they had been
//! initialized with the realm.
//!
//! Only the realm a [`Context`] is built with is lazy: realms made later with
//! [`Context::create_realm`] initialize everything at once, so every uninitialized object
//! belongs to the realm the context keeps for this (`Context::lazy_realm`).

use super::{
    BigInt, Boolean, BuiltInConstructor, DataView, Date, FinalizationRegistry, IntrinsicObject,
    Json, Map, Math, Number, Reflect, RegExp, Set, String, Symbol,
    array_buffer::{ArrayBuffer, SharedArrayBuffer},
    atomics::Atomics,
    iterable::{
        Iterator, iterator_constructor::IteratorConstructor, iterator_helper::IteratorHelper,
        wrap_for_valid_iterator::WrapForValidIterator,
    },
    regexp::RegExpStringIterator,
    typed_array::{
        BigInt64Array, BigUint64Array, BuiltinTypedArray, Float32Array, Float64Array, Int8Array,
        Int16Array, Int32Array, Uint8Array, Uint8ClampedArray, Uint16Array, Uint32Array,
    },
    weak::WeakRef,
    weak_map::WeakMap,
    weak_set::WeakSet,
};
use crate::{
    Context, JsObject, JsResult, JsString, JsValue,
    context::intrinsics::Intrinsics,
    native_function::NativeFunctionObject,
    object::{
        JsData, JsPrototype,
        internal_methods::{
            CallValue, InternalMethodCallContext, InternalMethodPropertyContext,
            InternalObjectMethods, ORDINARY_INTERNAL_METHODS,
        },
    },
    property::{PropertyDescriptor, PropertyKey},
    realm::Realm,
};

/// A built-in initialized on first use: the objects standing in for it until then, and its
/// initialization.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LazyBuiltIn {
    objects: fn(&Intrinsics) -> Vec<JsObject>,
    init: fn(&Realm),
}

/// The constructor and the prototype of a class.
fn class<C: BuiltInConstructor>(intrinsics: &Intrinsics) -> Vec<JsObject> {
    let standard = C::STANDARD_CONSTRUCTOR(intrinsics.constructors());
    vec![standard.constructor(), standard.prototype()]
}

fn class_built_in<C: BuiltInConstructor>() -> LazyBuiltIn {
    LazyBuiltIn { objects: class::<C>, init: C::init }
}

fn namespace_built_in<N: IntrinsicObject>() -> LazyBuiltIn {
    LazyBuiltIn { objects: |intrinsics| vec![N::get(intrinsics)], init: N::init }
}

/// `%TypedArray%` and its subclasses, initialized together: each subclass's prototype inherits
/// from `%TypedArray.prototype%`.
fn typed_arrays() -> LazyBuiltIn {
    LazyBuiltIn {
        objects: |intrinsics| {
            let mut objects = class::<BuiltinTypedArray>(intrinsics);
            for subclass in [
                class::<Int8Array>,
                class::<Uint8Array>,
                class::<Uint8ClampedArray>,
                class::<Int16Array>,
                class::<Uint16Array>,
                class::<Int32Array>,
                class::<Uint32Array>,
                class::<BigInt64Array>,
                class::<BigUint64Array>,
                #[cfg(feature = "float16")]
                class::<super::typed_array::Float16Array>,
                class::<Float32Array>,
                class::<Float64Array>,
            ] {
                objects.extend(subclass(intrinsics));
            }
            objects
        },
        init: |realm| {
            BuiltinTypedArray::init(realm);
            Int8Array::init(realm);
            Uint8Array::init(realm);
            Uint8ClampedArray::init(realm);
            Int16Array::init(realm);
            Uint16Array::init(realm);
            Int32Array::init(realm);
            Uint32Array::init(realm);
            BigInt64Array::init(realm);
            BigUint64Array::init(realm);
            #[cfg(feature = "float16")]
            super::typed_array::Float16Array::init(realm);
            Float32Array::init(realm);
            Float64Array::init(realm);
        },
    }
}

/// `%Iterator.prototype%` (its helpers), the `Iterator` constructor, and the prototypes of the
/// iterators only its helpers and `Iterator.from` make, initialized together.
fn iterators() -> LazyBuiltIn {
    LazyBuiltIn {
        objects: |intrinsics| {
            vec![
                Iterator::get(intrinsics),
                IteratorConstructor::get(intrinsics),
                IteratorHelper::get(intrinsics),
                WrapForValidIterator::get(intrinsics),
            ]
        },
        init: |realm| {
            Iterator::init(realm);
            IteratorConstructor::init(realm);
            IteratorHelper::init(realm);
            WrapForValidIterator::init(realm);
        },
    }
}

/// RegExp, and the prototype of the iterators only its `[Symbol.matchAll]` makes.
fn regexps() -> LazyBuiltIn {
    LazyBuiltIn {
        objects: |intrinsics| {
            let mut objects = class::<RegExp>(intrinsics);
            objects.push(RegExpStringIterator::get(intrinsics));
            objects
        },
        init: |realm| {
            RegExp::init(realm);
            RegExpStringIterator::init(realm);
        },
    }
}

/// The built-ins a realm initializes on first use, chosen by what a realm's build spent on them
/// and by no other built-in's initialization reading them.
fn lazy_built_ins() -> [LazyBuiltIn; 22] {
    [
        class_built_in::<Date>(),
        class_built_in::<Map>(),
        class_built_in::<Set>(),
        typed_arrays(),
        class_built_in::<DataView>(),
        class_built_in::<SharedArrayBuffer>(),
        class_built_in::<WeakRef>(),
        class_built_in::<WeakMap>(),
        class_built_in::<WeakSet>(),
        class_built_in::<FinalizationRegistry>(),
        namespace_built_in::<Math>(),
        namespace_built_in::<Json>(),
        namespace_built_in::<Reflect>(),
        namespace_built_in::<Atomics>(),
        iterators(),
        regexps(),
        class_built_in::<String>(),
        class_built_in::<Number>(),
        class_built_in::<BigInt>(),
        class_built_in::<Boolean>(),
        class_built_in::<Symbol>(),
        class_built_in::<ArrayBuffer>(),
    ]
}

/// Initializes the built-ins [`lazy_built_ins`] lists in `realm`, or, when `lazy`, gives their
/// objects the internal methods that initialize them on first use and returns them.
pub(crate) fn initialize_or_defer(realm: &Realm, lazy: bool) -> Vec<LazyBuiltIn> {
    let built_ins = lazy_built_ins();
    if !lazy {
        for built_in in &built_ins {
            (built_in.init)(realm);
        }
        return Vec::new();
    }
    for built_in in &built_ins {
        for object in (built_in.objects)(realm.intrinsics()) {
            let lazy_methods = if object.is_callable() {
                &LAZY_FUNCTION_INTERNAL_METHODS
            } else {
                &LAZY_ORDINARY_INTERNAL_METHODS
            };
            object.set_vtable(lazy_methods);
        }
    }
    built_ins.to_vec()
}

/// Whether `object` stands in for a built-in not initialized yet.
pub(crate) fn is_uninitialized(object: &JsObject) -> bool {
    let methods = object.vtable();
    std::ptr::eq(methods, &LAZY_ORDINARY_INTERNAL_METHODS)
        || std::ptr::eq(methods, &LAZY_FUNCTION_INTERNAL_METHODS)
}

/// The internal methods `object` has once initialized: a constructor's, `String.prototype`'s
/// (a String exotic object), or an ordinary object's (every object [`lazy_built_ins`] leaves
/// uninitialized is one of these).
fn own_internal_methods(object: &JsObject) -> &'static InternalObjectMethods {
    if let Some(function) = object.downcast_ref::<NativeFunctionObject>() {
        return function.internal_methods();
    }
    if let Some(string) = object.downcast_ref::<JsString>() {
        return string.internal_methods();
    }
    &ORDINARY_INTERNAL_METHODS
}

/// Initializes the built-in `object` stands in for, and gives its objects their own internal
/// methods back.
fn realize(object: &JsObject, context: &mut Context) {
    if let Some((built_in, realm)) = context.take_lazy_built_in(object) {
        (built_in.init)(&realm);
        for object in (built_in.objects)(realm.intrinsics()) {
            object.set_vtable(own_internal_methods(&object));
        }
    }
    // Whatever happened, this object dispatches to its own methods from now on.
    object.set_vtable(own_internal_methods(object));
}

impl LazyBuiltIn {
    /// Whether `object` is one of the objects standing in for this built-in.
    pub(crate) fn stands_for(&self, object: &JsObject, intrinsics: &Intrinsics) -> bool {
        (self.objects)(intrinsics).iter().any(|own| own == object)
    }
}

static LAZY_ORDINARY_INTERNAL_METHODS: InternalObjectMethods = InternalObjectMethods {
    __get_prototype_of__: lazy_get_prototype_of,
    __set_prototype_of__: lazy_set_prototype_of,
    __is_extensible__: lazy_is_extensible,
    __prevent_extensions__: lazy_prevent_extensions,
    __get_own_property__: lazy_get_own_property,
    __define_own_property__: lazy_define_own_property,
    __has_property__: lazy_has_property,
    __try_get__: lazy_try_get,
    __get__: lazy_get,
    __set__: lazy_set,
    __delete__: lazy_delete,
    __own_property_keys__: lazy_own_property_keys,
    ..ORDINARY_INTERNAL_METHODS
};

static LAZY_FUNCTION_INTERNAL_METHODS: InternalObjectMethods = InternalObjectMethods {
    __call__: lazy_call,
    __construct__: lazy_construct,
    ..LAZY_ORDINARY_INTERNAL_METHODS
};

fn lazy_get_prototype_of(object: &JsObject, context: &mut Context) -> JsResult<JsPrototype> {
    realize(object, context);
    (object.vtable().__get_prototype_of__)(object, context)
}

fn lazy_set_prototype_of(
    object: &JsObject,
    prototype: JsPrototype,
    context: &mut Context,
) -> JsResult<bool> {
    realize(object, context);
    (object.vtable().__set_prototype_of__)(object, prototype, context)
}

fn lazy_is_extensible(object: &JsObject, context: &mut Context) -> JsResult<bool> {
    realize(object, context);
    (object.vtable().__is_extensible__)(object, context)
}

fn lazy_prevent_extensions(object: &JsObject, context: &mut Context) -> JsResult<bool> {
    realize(object, context);
    (object.vtable().__prevent_extensions__)(object, context)
}

fn lazy_get_own_property(
    object: &JsObject,
    key: &PropertyKey,
    context: &mut InternalMethodPropertyContext<'_>,
) -> JsResult<Option<PropertyDescriptor>> {
    realize(object, context);
    (object.vtable().__get_own_property__)(object, key, context)
}

fn lazy_define_own_property(
    object: &JsObject,
    key: &PropertyKey,
    descriptor: PropertyDescriptor,
    context: &mut InternalMethodPropertyContext<'_>,
) -> JsResult<bool> {
    realize(object, context);
    (object.vtable().__define_own_property__)(object, key, descriptor, context)
}

fn lazy_has_property(
    object: &JsObject,
    key: &PropertyKey,
    context: &mut InternalMethodPropertyContext<'_>,
) -> JsResult<bool> {
    realize(object, context);
    (object.vtable().__has_property__)(object, key, context)
}

fn lazy_try_get(
    object: &JsObject,
    key: &PropertyKey,
    receiver: JsValue,
    context: &mut InternalMethodPropertyContext<'_>,
) -> JsResult<Option<JsValue>> {
    realize(object, context);
    (object.vtable().__try_get__)(object, key, receiver, context)
}

fn lazy_get(
    object: &JsObject,
    key: &PropertyKey,
    receiver: JsValue,
    context: &mut InternalMethodPropertyContext<'_>,
) -> JsResult<JsValue> {
    realize(object, context);
    (object.vtable().__get__)(object, key, receiver, context)
}

fn lazy_set(
    object: &JsObject,
    key: PropertyKey,
    value: JsValue,
    receiver: JsValue,
    context: &mut InternalMethodPropertyContext<'_>,
) -> JsResult<bool> {
    realize(object, context);
    (object.vtable().__set__)(object, key, value, receiver, context)
}

fn lazy_delete(
    object: &JsObject,
    key: &PropertyKey,
    context: &mut InternalMethodPropertyContext<'_>,
) -> JsResult<bool> {
    realize(object, context);
    (object.vtable().__delete__)(object, key, context)
}

fn lazy_own_property_keys(object: &JsObject, context: &mut Context) -> JsResult<Vec<PropertyKey>> {
    realize(object, context);
    (object.vtable().__own_property_keys__)(object, context)
}

fn lazy_call(
    object: &JsObject,
    argument_count: usize,
    context: &mut InternalMethodCallContext<'_>,
) -> JsResult<CallValue> {
    realize(object, context);
    (object.vtable().__call__)(object, argument_count, context)
}

fn lazy_construct(
    object: &JsObject,
    argument_count: usize,
    context: &mut InternalMethodCallContext<'_>,
) -> JsResult<CallValue> {
    realize(object, context);
    (object.vtable().__construct__)(object, argument_count, context)
}
