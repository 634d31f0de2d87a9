use arrayvec::ArrayVec;
use itertools::Itertools;
use std::{cell::Cell, fmt};

use boa_gc::GcRefCell;
use boa_macros::{Finalize, Trace};

use crate::{
    JsString, JsValue,
    builtins::OrdinaryObject,
    property::PropertyKey,
    object::{
        ErasedObject, JsObject,
        shape::{Shape, WeakShape, slot::{Slot, SlotAttributes}},
    },
};

#[cfg(test)]
mod tests;

pub(crate) const PIC_CAPACITY: usize = 4;

/// A cached shape-to-slot mapping for a polymorphic inline cache.
#[derive(Clone, Debug, Trace, Finalize)]
pub(crate) struct CacheEntry {
    /// A weak reference is kept to the shape to avoid the shape preventing deallocation.
    pub(crate) shape: WeakShape,
    #[unsafe_ignore_trace]
    pub(crate) slot: Slot,
    /// Patched (code-runtime-boa, vendor/README.md): for a property found on the prototype, the
    /// prototype's shape when it was cached. The receiver's shape names the prototype but not
    /// its layout: after `delete proto.a`, a cached index into it read past its storage (an
    /// engine panic), and after redefining `proto.v` as a getter the read returned the getter.
    pub(crate) prototype_shape: Option<WeakShape>,
    /// Patched (code-runtime-boa, vendor/README.md): at a site that defines a property on an
    /// object literal (`DefineOwnPropertyByName`), the shape that defining it moved an object of
    /// `shape` to; `None` at the sites that read or write.
    pub(crate) transition: Option<WeakShape>,
}

/// Patched (code-runtime-boa, vendor/README.md): an object's shape and its prototype's shape,
/// held strongly so that comparing addresses later is sound.
pub(crate) struct ShapesBefore {
    object: Shape,
    prototype: Option<Shape>,
}

impl ShapesBefore {
    fn of(object: &JsObject) -> Self {
        let object = object.borrow();
        let shape = object.shape();
        Self {
            object: shape.clone(),
            prototype: prototype_shape(shape),
        }
    }

    /// Whether `shape` is the object's shape from before and, when `with_prototype`, its
    /// prototype still has the shape it had.
    fn still(&self, shape: &Shape, with_prototype: bool) -> bool {
        let same = |a: &Shape, b: &Shape| a.to_addr_usize() == b.to_addr_usize();
        same(&self.object, shape)
            && (!with_prototype
                || match (&self.prototype, prototype_shape(shape)) {
                    (Some(before), Some(now)) => same(before, &now),
                    _ => false,
                })
    }
}

fn prototype_shape(shape: &Shape) -> Option<Shape> {
    shape.with_prototype(|prototype| prototype.map(|prototype| prototype.borrow().shape().clone()))
}

impl CacheEntry {
    /// Whether this entry answers for an object of `shape`: the same shape and, for a property
    /// on the prototype, a prototype still of the shape it had when cached.
    fn answers_for(&self, shape: &Shape) -> bool {
        self.shape.points_to(shape)
            && self.prototype_shape.as_ref().is_none_or(|cached| {
                shape.with_prototype(|prototype| {
                    prototype.is_some_and(|prototype| cached.points_to(prototype.borrow().shape()))
                })
            })
    }
}

/// An inline cache entry for a property access.
#[derive(Clone, Debug, Trace, Finalize)]
pub(crate) struct InlineCache {
    /// The property that is accessed.
    pub(crate) name: JsString,

    /// Multiple cached shape-to-slot entries.
    pub(crate) entries: GcRefCell<ArrayVec<CacheEntry, PIC_CAPACITY>>,

    /// Whether this access site has seen too many shapes and should no longer be cached.
    #[unsafe_ignore_trace]
    pub(crate) megamorphic: Cell<bool>,
}

impl fmt::Display for InlineCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "(name:{} entries:", self.name.display_escaped())?;

        if self.megamorphic.get() {
            return write!(f, "(megamorphic))");
        }

        let entries = self.entries.borrow();
        let entries = entries.iter().map(|e| e.shape.to_addr_usize()).format(", ");

        write!(f, "({entries:#x}))")
    }
}

impl InlineCache {
    pub(crate) fn new(name: JsString) -> Self {
        Self {
            name,
            entries: GcRefCell::new(ArrayVec::new()),
            megamorphic: Cell::new(false),
        }
    }

    /// Patched (code-runtime-boa, vendor/README.md): the shapes an access that missed this cache
    /// starts from, to give to [`Self::set`] once the access is done; `None` when the cache
    /// takes no more entries.
    pub(crate) fn shapes_before(&self, object: &JsObject) -> Option<ShapesBefore> {
        (!self.megamorphic.get()).then(|| ShapesBefore::of(object))
    }

    /// Caches `slot`, found for an object now of `shape`, if the access left the shapes it started
    /// from (`before`) as they were. Patched (code-runtime-boa, vendor/README.md), as two rules:
    /// - A getter, setter or Proxy trap that ran during the access may have redefined what `slot`
    ///   describes: a global defined on first use replaces its accessor with a data property, and
    ///   caching the accessor's slot under the new shape made the next access at that site call
    ///   the value as a getter (`new URL(u)` in a loop: "cannot call constructor ... without new").
    /// - An object with a unique shape (the global object, prototypes, an object with many keys)
    ///   keeps its shape when it gains a property, so an entry saying "found on the prototype"
    ///   would go on answering after the object gained its own property of that name.
    pub(crate) fn set(&self, before: Option<ShapesBefore>, shape: &Shape, slot: Slot) {
        let Some(before) = before else {
            return;
        };
        let on_prototype = slot.attributes.contains(SlotAttributes::PROTOTYPE);
        if (on_prototype && shape.is_unique()) || !before.still(shape, on_prototype) {
            return;
        }
        if self.megamorphic.get() {
            return;
        }

        let mut entries = self.entries.borrow_mut();

        let prototype_shape = if slot.attributes.contains(SlotAttributes::PROTOTYPE) {
            shape.with_prototype(|prototype| {
                prototype.map(|prototype| WeakShape::from(prototype.borrow().shape()))
            })
        } else {
            None
        };

        // Add a new entry if there's space.
        if entries
            .try_push(CacheEntry {
                shape: shape.into(),
                slot,
                prototype_shape,
                transition: None,
            })
            .is_err()
        {
            // Polymorphic cache is full, transition to megamorphic.
            self.megamorphic.set(true);
            entries.clear();
        }
    }

    /// Returns the cached slot if `shape` is one the inline cache has seen.
    ///
    /// Opportunistically cleans up stale weak shape references during lookup.
    /// Patched (code-runtime-boa, vendor/README.md): compares without upgrading each entry, and
    /// returns only the slot (the caller holds the shape).
    pub(crate) fn get(&self, shape: &Shape) -> Option<Slot> {
        if self.megamorphic.get() {
            return None;
        }

        let mut entries = self.entries.borrow_mut();
        let mut i = 0;
        while i < entries.len() {
            if entries[i].answers_for(shape) {
                return Some(entries[i].slot);
            }
            if entries[i].shape.is_alive() && !entries[i].shape.points_to(shape) {
                i += 1;
            } else {
                // Opportunistically clean up stale weak shapes, and entries for this shape
                // whose prototype changed since.
                entries.swap_remove(i);
            }
        }
        None
    }

    /// Patched (code-runtime-boa, vendor/README.md): the value of `object`'s property when this
    /// cache knows its shape and the property is a data property, read through a borrowed object
    /// (no clone and drop of it). `None` sends the caller to its general path (a miss or a getter).
    pub(crate) fn get_data_property(&self, object: &JsObject) -> Option<JsValue> {
        match self.read_hit(object)? {
            CachedRead::Value(value) => Some(value),
            CachedRead::Getter(_) => None,
        }
    }

    /// Patched (code-runtime-boa, vendor/README.md): what a read of this site's property from
    /// `object` finds when an entry answers for its shape; `None` on a miss, and for an entry
    /// whose prototype changed shape since (the general path drops it through [`Self::get`]).
    ///
    /// The hit path of every cached read: one borrow of the object and one shared borrow of the
    /// entries, shapes compared by address, the prototype's shape looked at only for an entry
    /// that found the property there, the slot read straight from the storage. [`Self::get`]
    /// took the entries mutably (to clean them up, which only a miss needs) and the callers read
    /// the slot through a second borrow: about 130 instructions a hit.
    #[inline]
    pub(crate) fn read_hit(&self, object: &JsObject) -> Option<CachedRead> {
        let object = object.borrow();
        let shape = object.shape();
        let entries = self.entries.borrow();
        let entry = entries.iter().find(|entry| entry.shape.points_to(shape))?;
        let slot = entry.slot;
        let index = slot.index as usize;
        let value = if slot.attributes.contains(SlotAttributes::PROTOTYPE) {
            let cached = entry.prototype_shape.as_ref()?;
            shape.with_prototype(|prototype| {
                let prototype = prototype?.borrow();
                cached
                    .points_to(prototype.shape())
                    .then(|| prototype.properties().storage[index].clone())
            })?
        } else {
            object.properties().storage[index].clone()
        };
        Some(if slot.attributes.has_get() {
            CachedRead::Getter(value)
        } else {
            CachedRead::Value(value)
        })
    }

    /// Patched (code-runtime-boa, vendor/README.md): writes `value` to `object`'s own data
    /// property when an entry answers for its shape (one mutable borrow of the object, no clone
    /// of it); gives `value` back otherwise (a miss, an accessor, a property
    /// found on the prototype), for the general path. The entry was cached by a write that
    /// succeeded, so the property was writable, and a shape keeps its attributes (a unique shape
    /// whose attributes change becomes a new shape, see `unique_shape.rs`).
    #[inline]
    pub(crate) fn write_own_data_hit(
        &self,
        object: &JsObject,
        value: JsValue,
    ) -> Result<(), JsValue> {
        let mut object = object.borrow_mut();
        let entries = self.entries.borrow();
        let Some(entry) = entries.iter().find(|entry| entry.shape.points_to(object.shape())) else {
            return Err(value);
        };
        let not_own_data = SlotAttributes::PROTOTYPE | SlotAttributes::GET | SlotAttributes::SET;
        if entry.slot.attributes.intersects(not_own_data) {
            return Err(value);
        }
        let index = entry.slot.index as usize;
        drop(entries);
        object.properties_mut().storage[index] = value;
        Ok(())
    }
}

/// Patched (code-runtime-boa, vendor/README.md): what a cache hit read (see
/// [`InlineCache::read_hit`]).
pub(crate) enum CachedRead {
    /// A data property's value.
    Value(JsValue),
    /// An accessor's getter slot: a function to call with the receiver, or `undefined`.
    Getter(JsValue),
}

impl InlineCache {
    /// Patched (code-runtime-boa, vendor/README.md): defines this site's property on `object`
    /// from the cache, as the transition an earlier definition took from the object's shape:
    /// the new shape, and the value pushed as the last slot. Only for ordinary extensible
    /// objects; returns `false` (nothing done) otherwise or on a miss.
    ///
    /// An object literal defines the same keys in the same order every time its site runs, and
    /// each definition through `[[DefineOwnProperty]]` looked the key up, built a descriptor and
    /// searched the shape's transitions (about 1,000 instructions a property).
    pub(crate) fn define_by_transition(&self, object: &JsObject, value: &JsValue) -> bool {
        if self.megamorphic.get() || !object.is::<OrdinaryObject>() {
            return false;
        }
        let mut object = object.borrow_mut();
        if !object.extensible {
            return false;
        }
        let next = self.entries.borrow().iter().find_map(|entry| {
            entry
                .shape
                .points_to(object.shape())
                .then(|| entry.transition.as_ref()?.upgrade())
                .flatten()
        });
        let Some(next) = next else {
            return false;
        };
        let properties = object.properties_mut();
        properties.shape = next;
        properties.storage.push(value.clone());
        true
    }

    /// Patched (code-runtime-boa, vendor/README.md): the shape an ordinary object had before a
    /// definition at this site, to give to [`Self::set_transition`] once it is done; `None` when
    /// the site takes no more entries or the object is not ordinary.
    pub(crate) fn shape_before_definition(&self, object: &JsObject) -> Option<Shape> {
        (!self.megamorphic.get() && object.is::<OrdinaryObject>())
            .then(|| object.borrow().shape().clone())
    }

    /// Patched (code-runtime-boa, vendor/README.md): caches the definition of `key` on `object`
    /// that moved it from the shape `before` for [`Self::define_by_transition`], when it added a
    /// new writable, enumerable and configurable data property as the last slot of a shared
    /// shape. A redefinition (the key was there: `{ a, a }`, `{ get a() {}, a }`), a unique shape
    /// (it changes in place) or an index key (stored apart from the shape) is not cached.
    pub(crate) fn set_transition(
        &self,
        before: Option<Shape>,
        object: &JsObject,
        key: &PropertyKey,
    ) {
        let Some(before) = before else {
            return;
        };
        let object = object.borrow();
        let after = object.shape();
        if before.is_unique()
            || after.is_unique()
            || before.to_addr_usize() == after.to_addr_usize()
            || before.lookup(key).is_some()
        {
            return;
        }
        let Some(slot) = after.lookup(key) else {
            return;
        };
        let appended = slot.index as usize + 1 == object.properties().storage.len();
        let data = SlotAttributes::WRITABLE | SlotAttributes::ENUMERABLE | SlotAttributes::CONFIGURABLE;
        if !appended || slot.attributes != data {
            return;
        }
        let mut entries = self.entries.borrow_mut();
        // An entry for the same shape whose transition was collected, and entries for collected
        // shapes, make room.
        entries.retain(|entry| entry.shape.is_alive() && !entry.shape.points_to(&before));
        if entries
            .try_push(CacheEntry {
                shape: (&before).into(),
                slot,
                prototype_shape: None,
                transition: Some(after.into()),
            })
            .is_err()
        {
            self.megamorphic.set(true);
            entries.clear();
        }
    }
}

/// Patched (code-runtime-boa, vendor/README.md): what a cache hit reads, `offset` past the
/// slot's index (1 for an accessor's setter), in `object`'s storage or, for a property found on
/// the prototype, in the prototype's, borrowed (no clone and drop of the prototype).
#[inline(always)]
pub(crate) fn slot_value(object: &ErasedObject, slot: Slot, offset: usize) -> JsValue {
    let index = slot.index as usize + offset;
    if slot.attributes.contains(SlotAttributes::PROTOTYPE) {
        object.shape().with_prototype(|prototype| {
            let prototype = prototype.expect("prototype should have value").borrow();
            prototype.properties().storage[index].clone()
        })
    } else {
        object.properties().storage[index].clone()
    }
}
