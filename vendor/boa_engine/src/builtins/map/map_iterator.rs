//! This module implements the `MapIterator` object.
//!
//! More information:
//!  - [ECMAScript reference][spec]
//!
//! [spec]: https://tc39.es/ecma262/#sec-map-iterator-objects

use super::ordered_map::OrderedMap;
use crate::{
    Context, JsData, JsResult,
    builtins::{
        Array, BuiltInBuilder, IntrinsicObject, JsValue, iterable::create_iter_result_object,
    },
    context::intrinsics::Intrinsics,
    error::JsNativeError,
    js_string,
    object::JsObject,
    property::{Attribute, PropertyNameKind},
    realm::Realm,
    symbol::JsSymbol,
};
use boa_gc::{Finalize, Trace};

#[derive(Debug, Trace)]
struct MapIteratorLock(JsObject<OrderedMap<JsValue>>);

impl MapIteratorLock {
    fn new(js_object: JsObject<OrderedMap<JsValue>>) -> Self {
        js_object.borrow_mut().data_mut().lock();
        Self(js_object)
    }
}

impl Finalize for MapIteratorLock {
    fn finalize(&self) {
        self.0.borrow_mut().data_mut().unlock();
    }
}

/// The Map Iterator object represents an iteration over a map. It implements the iterator protocol.
///
/// More information:
///  - [ECMAScript reference][spec]
///
/// [spec]: https://tc39.es/ecma262/#sec-map-iterator-objects
#[derive(Debug, Finalize, Trace, JsData)]
pub(crate) struct MapIterator {
    iterated_map: Option<MapIteratorLock>,
    next_index: usize,
    #[unsafe_ignore_trace]
    iteration_kind: PropertyNameKind,
}

impl IntrinsicObject for MapIterator {
    fn init(realm: &Realm) {
        BuiltInBuilder::with_intrinsic::<Self>(realm)
            .prototype(realm.intrinsics().constructors().iterator().prototype())
            .static_method(Self::next, js_string!("next"), 0)
            .static_property(
                JsSymbol::to_string_tag(),
                js_string!("Map Iterator"),
                Attribute::CONFIGURABLE,
            )
            .build();
    }

    fn get(intrinsics: &Intrinsics) -> JsObject {
        intrinsics.objects().iterator_prototypes().map()
    }
}

impl MapIterator {
    /// Abstract operation `CreateMapIterator( map, kind )`
    ///
    /// Creates a new iterator over the given map.
    ///
    /// More information:
    ///  - [ECMA reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-createmapiterator
    pub(crate) fn create_map_iterator(
        map: JsObject<OrderedMap<JsValue>>,
        kind: PropertyNameKind,
        context: &mut Context,
    ) -> JsValue {
        let iter = Self {
            iterated_map: Some(MapIteratorLock::new(map)),
            next_index: 0,
            iteration_kind: kind,
        };
        let map_iterator = JsObject::from_proto_and_data_with_shared_shape(
            context.root_shape(),
            context.intrinsics().objects().iterator_prototypes().map(),
            iter,
        );
        map_iterator.into()
    }

    /// Patched (code-runtime-boa): what the iterator has still to yield, read without advancing
    /// it, for a console that prints `[Map Iterator] { 'a' }` as Node's does.
    pub(crate) fn preview(&self, limit: usize) -> CollectionIteratorPreview {
        let map = self.iterated_map.as_ref().map(|lock| lock.0.borrow());
        let map = map.as_ref().map(|map| map.data());
        // A finished iterator has let go of its Map: it has nothing left.
        let end = map.map_or(self.next_index, |map| map.full_len());
        let mut pending = (self.next_index..end).filter_map(|index| map?.get_index(index));
        let shown: Vec<_> = pending.by_ref().take(limit).map(|(key, value)| (key.clone(), value.clone())).collect();
        let items = match self.iteration_kind {
            PropertyNameKind::Key => IteratorPreviewItems::Values(shown.into_iter().map(|(key, _)| key).collect()),
            PropertyNameKind::Value => IteratorPreviewItems::Values(shown.into_iter().map(|(_, value)| value).collect()),
            PropertyNameKind::KeyAndValue => IteratorPreviewItems::Entries(shown),
        };
        CollectionIteratorPreview { collection: "Map", items, remaining: pending.count() }
    }

    /// %MapIteratorPrototype%.next( )
    ///
    /// Advances the iterator and gets the next result in the map.
    ///
    /// More information:
    ///  - [ECMA reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-%mapiteratorprototype%.next
    pub(crate) fn next(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
        let object = this.as_object();
        let mut map_iterator = object
            .as_ref()
            .and_then(JsObject::downcast_mut::<Self>)
            .ok_or_else(|| JsNativeError::typ().with_message("`this` is not a MapIterator"))?;

        let item_kind = map_iterator.iteration_kind;

        if let Some(obj) = map_iterator.iterated_map.take() {
            let e = {
                let mut entries = obj.0.borrow_mut();
                let entries = entries.data_mut();
                let len = entries.full_len();
                loop {
                    let element = entries
                        .get_index(map_iterator.next_index)
                        .map(|(v, k)| (v.clone(), k.clone()));
                    map_iterator.next_index += 1;
                    if element.is_some() || map_iterator.next_index >= len {
                        break element;
                    }
                }
            };
            if let Some((key, value)) = e {
                let item = match item_kind {
                    PropertyNameKind::Key => Ok(create_iter_result_object(key, false, context)),
                    PropertyNameKind::Value => Ok(create_iter_result_object(value, false, context)),
                    PropertyNameKind::KeyAndValue => {
                        let result = Array::create_array_from_list([key, value], context);
                        Ok(create_iter_result_object(result.into(), false, context))
                    }
                };
                map_iterator.iterated_map = Some(obj);
                return item;
            }
        }

        Ok(create_iter_result_object(
            JsValue::undefined(),
            true,
            context,
        ))
    }
}

/// Patched (code-runtime-boa): the entries a Map or Set iterator has still to yield (see
/// [`preview_collection_iterator`]).
#[derive(Debug)]
pub struct CollectionIteratorPreview {
    /// `"Map"` or `"Set"`.
    pub collection: &'static str,
    /// At most the limit asked for, in iteration order.
    pub items: IteratorPreviewItems,
    /// How many more it has to yield past the items.
    pub remaining: usize,
}

/// Patched (code-runtime-boa): a `keys()`/`values()` iterator yields values, an `entries()` one
/// pairs.
#[derive(Debug)]
pub enum IteratorPreviewItems {
    /// What `keys()` or `values()` yields.
    Values(Vec<JsValue>),
    /// What `entries()` yields, as key and value.
    Entries(Vec<(JsValue, JsValue)>),
}

/// Patched (code-runtime-boa): `None` unless `object` is a Map or Set iterator.
#[must_use]
pub fn preview_collection_iterator(object: &JsObject, limit: usize) -> Option<CollectionIteratorPreview> {
    if let Some(iterator) = object.downcast_ref::<MapIterator>() {
        return Some(iterator.preview(limit));
    }
    Some(object.downcast_ref::<crate::builtins::set::SetIterator>()?.preview(limit))
}
