//! Patched (code-runtime-boa), new: `Intl.Segmenter` by the Unicode default rules (UAX #29, from
//! `unicode-segmentation`): graphemes, words (word-like when a word holds a letter or a digit, as
//! ICU counts them) and sentences. The rules are the same for most languages; those whose words
//! ICU finds with a dictionary (Thai, Lao, Khmer, Burmese, Chinese, Japanese) are refused rather
//! than split otherwise than Node splits them (such words inside other text still come a
//! character at a time).

use unicode_segmentation::UnicodeSegmentation;

use super::Options;
use crate::{Context, JsObject, JsResult, JsString, JsValue, js_string};

const SERVICE: &str = "Intl.Segmenter";
const GRANULARITIES: [&str; 3] = ["grapheme", "word", "sentence"];
const DICTIONARY_LANGUAGES: [&str; 6] = ["th", "lo", "km", "my", "zh", "ja"];

/// Any locale but those of [`DICTIONARY_LANGUAGES`].
pub(crate) fn default_rules_apply(tag: &str) -> bool {
    let language = tag.split(['-', '_']).next().unwrap_or_default();
    !DICTIONARY_LANGUAGES.iter().any(|dictionary| dictionary.eq_ignore_ascii_case(language))
}

#[derive(Debug, Clone)]
pub(crate) struct Segmenter {
    locale: JsString,
    pub(crate) granularity: &'static str,
}

impl Segmenter {
    pub(crate) fn new(locales: &JsValue, options: &JsValue, context: &mut Context) -> JsResult<Self> {
        let locale = super::resolve_locale(locales, SERVICE, default_rules_apply, context)?;
        let options = Options::object(options, SERVICE)?;
        options.string("localeMatcher", &["lookup", "best fit"], context)?;
        let granularity = options.string("granularity", &GRANULARITIES, context)?.unwrap_or("grapheme");
        Ok(Self { locale, granularity })
    }

    pub(crate) fn resolved_options(&self, context: &mut Context) -> JsResult<JsObject> {
        let object = JsObject::with_object_proto(context.intrinsics());
        object.create_data_property_or_throw(js_string!("locale"), self.locale.clone(), context)?;
        object.create_data_property_or_throw(js_string!("granularity"), js_string!(self.granularity), context)?;
        Ok(object)
    }
}

/// `text` as Rust text to segment: a lone surrogate becomes U+FFFD, one code unit as it was, so
/// every segment's place in UTF-16 code units is the text's own.
pub(crate) fn decode(text: &JsString) -> String {
    char::decode_utf16(text.iter()).map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER)).collect()
}

/// The first segment of `rest`, which starts at a boundary.
pub(crate) fn first_segment<'a>(rest: &'a str, granularity: &str) -> Option<&'a str> {
    match granularity {
        "word" => rest.split_word_bounds().next(),
        "sentence" => rest.split_sentence_bounds().next(),
        _ => rest.graphemes(true).next(),
    }
}

/// Whether a word segment is word-like: it holds a letter or a digit (not spaces or punctuation).
pub(crate) fn is_word_like(segment: &str) -> bool {
    segment.chars().any(char::is_alphanumeric)
}
