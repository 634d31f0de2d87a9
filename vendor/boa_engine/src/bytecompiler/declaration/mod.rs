mod declaration_pattern;

pub(crate) use declaration_pattern::PatternSite;
