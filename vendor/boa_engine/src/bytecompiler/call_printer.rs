//! Patched (code-runtime-boa), new: expressions printed as V8's `CallPrinter` prints them in
//! the `TypeError`s a program's author reads (`a.b(...).c is not a function`, `o.x is not
//! iterable`, `(intermediate value).x is not a function`), so a model that learned V8's messages
//! reads the same here. The compiler prints each call, `new`, iteration and destructuring site's
//! expression (`ExpressionSite`); the text is only read when the instruction fails.
//!
//! V8's rules, as its printer applies them once it has found the failing node: a callee that is
//! itself a call prints as `f(...)`, a `new` expression, conditional, `await`, `yield`, optional
//! chain, `super` or function as `(intermediate value)` (one per statement of a function's body,
//! one per member of a class or object literal), a string key as `.key`, any other key as
//! `[key]`, operators in parentheses (`(a || b)`, `(typeof x)`), and number literals folded as
//! V8's parser folds them (`o[1 + 1]` is `o[2]`, `-1`, `!0` is `true`).

use boa_ast::{
    Expression, Spanned,
    expression::{
        Optional, OptionalOperationKind,
        access::{PropertyAccess, PropertyAccessField},
        literal::{LiteralKind, TemplateElement},
        operator::{
            assign::AssignTarget,
            binary::{ArithmeticOp, BinaryOp, BitwiseOp},
            unary::UnaryOp,
            update::{UpdateOp, UpdateTarget},
        },
    },
    function::FunctionBody,
};
use boa_interner::{Interner, Sym};

use crate::{
    builtins::number::{f64_to_int32, f64_to_uint32},
    vm::number_to_string,
};

const INTERMEDIATE: &str = "(intermediate value)";

/// Most bytes printed: a callee can be a data literal of any size (`[1, 2, ...].map(f)`), and
/// every site is printed when it is compiled. Past this the text ends with `...`.
const LONGEST: usize = 1000;

/// `expression` as V8 names it in an error message.
pub(crate) fn print(expression: &Expression, interner: &Interner) -> String {
    let mut printer = CallPrinter {
        interner,
        out: String::new(),
    };
    printer.find(expression);
    printer.finish()
}

/// The callee of the call at `chain[at]` of an optional chain, as V8 names it (`o?.a.b`).
pub(crate) fn print_optional_callee(optional: &Optional, at: usize, interner: &Interner) -> String {
    let mut printer = CallPrinter {
        interner,
        out: String::new(),
    };
    printer.chain(optional, at);
    printer.finish()
}

/// Whether V8 finds `expression` as the subject of a failed destructuring declaration and names
/// it (`const [a] = x`: `x is not iterable`): only where V8's position for the expression is
/// where it starts. Otherwise V8 describes the value (`number 5 is not iterable (...)`).
pub(crate) fn names_destructured_initializer(expression: &Expression) -> bool {
    matches!(
        expression.flatten(),
        Expression::Identifier(_)
            | Expression::Literal(_)
            | Expression::ArrayLiteral(_)
            | Expression::ObjectLiteral(_)
            | Expression::TemplateLiteral(_)
            | Expression::RegExpLiteral(_)
            | Expression::This(_)
            | Expression::Unary(_)
            | Expression::New(_)
    )
}

/// The name V8 reports for a property key in `Cannot destructure property 'a' of ...`: a
/// literal key's text.
pub(crate) fn literal_key(
    name: &boa_ast::property::PropertyName,
    interner: &Interner,
) -> Option<String> {
    match name {
        boa_ast::property::PropertyName::Literal(ident) => Some(resolve(interner, ident.sym())),
        boa_ast::property::PropertyName::Computed(expression) => match expression.flatten() {
            Expression::Literal(literal) => match literal.kind() {
                LiteralKind::String(sym) => Some(resolve(interner, *sym)),
                LiteralKind::Int(n) => Some(n.to_string()),
                LiteralKind::Num(n) => Some(number_to_string(*n)),
                _ => None,
            },
            _ => None,
        },
    }
}

/// Where V8 places a call (what a stack frame and the error's position point at): the callee's
/// name for a call of a variable or a named property (`o.f()` at `f`), else the arguments' `(`.
pub(crate) fn call_position(
    callee: &Expression,
    arguments_start: boa_ast::Position,
) -> boa_ast::Position {
    match callee {
        Expression::Identifier(identifier) => identifier.span().start(),
        Expression::PropertyAccess(PropertyAccess::Simple(access)) => match access.field() {
            PropertyAccessField::Const(name) => name.span().start(),
            PropertyAccessField::Expr(_) => arguments_start,
        },
        _ => arguments_start,
    }
}

/// Where V8 places the failure to iterate `expression` (`for (x of o.items)`, `[...r.data]`): at
/// its last property name, if it ends with one (`o.items` at `items`, `o?.a.list` at `list`),
/// else at its start.
pub(crate) fn iterated_position(expression: &Expression) -> boa_ast::Position {
    let expression = expression.flatten();
    let last_name = match expression {
        Expression::PropertyAccess(PropertyAccess::Simple(access)) => match access.field() {
            PropertyAccessField::Const(name) => Some(name.span().start()),
            PropertyAccessField::Expr(_) => None,
        },
        Expression::Optional(optional) => {
            match optional.chain().last().map(|operation| operation.kind()) {
                Some(OptionalOperationKind::SimplePropertyAccess {
                    field: PropertyAccessField::Const(name),
                }) => Some(name.span().start()),
                _ => None,
            }
        }
        _ => None,
    };
    last_name.unwrap_or_else(|| expression.span().start())
}

fn resolve(interner: &Interner, sym: Sym) -> String {
    interner.resolve_expect(sym).to_string()
}

/// A literal's value after V8's parser has folded constants.
enum Constant {
    Number(f64),
    Boolean(bool),
    String(Sym),
    Null,
}

struct CallPrinter<'a> {
    interner: &'a Interner,
    out: String,
}

impl CallPrinter<'_> {
    /// The text, cut at [`LONGEST`] bytes.
    fn finish(mut self) -> String {
        if self.out.len() > LONGEST {
            let mut end = LONGEST;
            while !self.out.is_char_boundary(end) {
                end -= 1;
            }
            self.out.truncate(end);
            self.out.push_str("...");
        }
        self.out
    }

    /// V8's `Find(node, true)`: the expression, or `(intermediate value)` when it prints nothing.
    fn find(&mut self, expression: &Expression) {
        if self.out.len() > LONGEST {
            return;
        }
        let before = self.out.len();
        self.visit(expression);
        if self.out.len() == before {
            self.out.push_str(INTERMEDIATE);
        }
    }

    fn intermediate(&mut self, times: usize) {
        for _ in 0..times.min(LONGEST / INTERMEDIATE.len() + 1) {
            self.out.push_str(INTERMEDIATE);
        }
    }

    fn name(&mut self, sym: Sym) {
        let name = self.interner.resolve_expect(sym);
        self.out.push_str(&name.to_string());
    }

    fn visit(&mut self, expression: &Expression) {
        if let Some(constant) = constant(expression) {
            self.constant(&constant);
            return;
        }
        match expression {
            Expression::This(_) => self.out.push_str("this"),
            Expression::Identifier(identifier) => self.name(identifier.sym()),
            // Other literals are folded constants; BigInt literals print nothing in V8.
            Expression::Literal(literal) => {
                if literal.is_undefined() {
                    self.out.push_str("undefined");
                }
            }
            Expression::RegExpLiteral(regexp) => {
                self.out.push('/');
                self.name(regexp.pattern());
                self.out.push('/');
                let flags = resolve(self.interner, regexp.flags());
                // V8 prints the flags in its own order.
                self.out
                    .extend("dgilmsuvy".chars().filter(|flag| flags.contains(*flag)));
            }
            Expression::ArrayLiteral(array) => {
                self.out.push('[');
                for (index, element) in array.as_ref().iter().enumerate() {
                    if self.out.len() > LONGEST {
                        break;
                    }
                    if index != 0 {
                        self.out.push(',');
                    }
                    match element {
                        Some(element) => self.find(element),
                        None => self.out.push_str(INTERMEDIATE),
                    }
                }
                self.out.push(']');
            }
            Expression::ObjectLiteral(object) => {
                self.out.push('{');
                self.intermediate(object.properties().len());
                self.out.push('}');
            }
            Expression::Spread(spread) => {
                self.out.push_str("(...");
                self.find(spread.target());
                self.out.push(')');
            }
            Expression::FunctionExpression(function) => {
                self.intermediate(function.body().statements().len());
            }
            Expression::ArrowFunction(function) => {
                self.intermediate(function.body().statements().len())
            }
            // V8 wraps an async body in one statement and starts a generator's with a `yield`.
            Expression::AsyncArrowFunction(_)
            | Expression::AsyncFunctionExpression(_)
            | Expression::AsyncGeneratorExpression(_) => self.intermediate(1),
            Expression::GeneratorExpression(generator) => {
                self.intermediate(generator_statements(generator.body()));
            }
            Expression::ClassExpression(class) => {
                self.intermediate(
                    usize::from(class.super_ref().is_some()) + class.elements().len(),
                );
            }
            Expression::TemplateLiteral(template) => {
                for element in template.elements() {
                    if let TemplateElement::Expr(substitution) = element {
                        self.find(substitution);
                    }
                }
            }
            Expression::PropertyAccess(access) => self.property(access),
            Expression::Call(call) => {
                self.find(call.function());
                self.out.push_str("(...)");
            }
            Expression::TaggedTemplate(template) => {
                self.find(template.tag());
                self.out.push_str("(...)");
            }
            Expression::SuperCall(_) => self.out.push_str("super(...)"),
            Expression::ImportCall(import) => {
                self.out.push_str("import(");
                self.find(import.specifier());
                self.out.push(')');
            }
            Expression::NewTarget(_) => self.out.push_str(".new.target"),
            Expression::Assign(assign) => match assign.lhs() {
                AssignTarget::Identifier(identifier) => self.name(identifier.sym()),
                AssignTarget::Access(access) => self.property(access),
                AssignTarget::Pattern(_) => {}
            },
            Expression::Unary(unary) => {
                self.out.push('(');
                let op = unary.op();
                self.out.push_str(&op.to_string());
                if matches!(op, UnaryOp::Delete | UnaryOp::TypeOf | UnaryOp::Void) {
                    self.out.push(' ');
                }
                self.find(unary.target());
                self.out.push(')');
            }
            Expression::Update(update) => {
                let op = update.op();
                let prefix = matches!(op, UpdateOp::IncrementPre | UpdateOp::DecrementPre);
                self.out.push('(');
                if prefix {
                    self.out.push_str(&op.to_string());
                }
                match update.target() {
                    UpdateTarget::Identifier(identifier) => self.name(identifier.sym()),
                    UpdateTarget::PropertyAccess(access) => self.property(access),
                }
                if !prefix {
                    self.out.push_str(&op.to_string());
                }
                self.out.push(')');
            }
            Expression::Binary(binary) => {
                self.out.push('(');
                self.left_operands(binary.lhs(), binary.op());
                self.operator(binary.op());
                self.find(binary.rhs());
                self.out.push(')');
            }
            Expression::Conditional(_) => self.intermediate(3),
            Expression::New(_)
            | Expression::Optional(_)
            | Expression::Await(_)
            | Expression::Yield(_) => self.out.push_str(INTERMEDIATE),
            Expression::Parenthesized(parenthesized) => self.visit(parenthesized.expression()),
            Expression::ImportMeta(_) | Expression::BinaryInPrivate(_) => {}
        }
    }

    /// The left operand of `op`: the operands of a chain of `op`, as V8 collapses `a || b || c`
    /// (and `(a + b) + c`) into one n-ary operation, or the operand.
    fn left_operands(&mut self, left: &Expression, op: BinaryOp) {
        match left.flatten() {
            Expression::Binary(binary)
                if binary.op() == op && collapses(op) && constant(left).is_none() =>
            {
                self.left_operands(binary.lhs(), op);
                self.operator(op);
                self.find(binary.rhs());
            }
            _ => self.find(left),
        }
    }

    fn operator(&mut self, op: BinaryOp) {
        self.out.push(' ');
        self.out.push_str(&op.to_string());
        self.out.push(' ');
    }

    fn property(&mut self, access: &PropertyAccess) {
        match access {
            PropertyAccess::Simple(access) => {
                self.find(access.target());
                self.field(access.field(), "");
            }
            PropertyAccess::Private(access) => {
                self.find(access.target());
                self.out.push_str("[#");
                self.name(access.field().description());
                self.out.push(']');
            }
            PropertyAccess::Super(access) => {
                self.out.push_str(INTERMEDIATE);
                self.field(access.field(), "");
            }
        }
    }

    /// `.name` for a name or a string key, `[key]` for any other key; `optional` (`?`) before.
    fn field(&mut self, field: &PropertyAccessField, optional: &str) {
        match field {
            PropertyAccessField::Const(name) => {
                self.out.push_str(optional);
                self.out.push('.');
                self.name(name.sym());
            }
            PropertyAccessField::Expr(key) => {
                if let Some(Constant::String(key)) = constant(key) {
                    self.out.push_str(optional);
                    self.out.push('.');
                    self.name(key);
                } else {
                    if !optional.is_empty() {
                        self.out.push_str("?.");
                    }
                    self.out.push('[');
                    self.find(key);
                    self.out.push(']');
                }
            }
        }
    }

    /// An optional chain up to, not including, `chain[end]`.
    fn chain(&mut self, optional: &Optional, end: usize) {
        match optional.target().flatten() {
            Expression::Optional(inner) => self.chain(inner, inner.chain().len()),
            target => self.find(target),
        }
        for operation in &optional.chain()[..end] {
            let mark = if operation.shorted() { "?" } else { "" };
            match operation.kind() {
                OptionalOperationKind::SimplePropertyAccess { field } => self.field(field, mark),
                OptionalOperationKind::PrivatePropertyAccess { field } => {
                    self.out
                        .push_str(if operation.shorted() { "?.[#" } else { "[#" });
                    self.name(field.description());
                    self.out.push(']');
                }
                OptionalOperationKind::Call { .. } => self.out.push_str("(...)"),
            }
        }
    }

    fn constant(&mut self, constant: &Constant) {
        match constant {
            Constant::Number(n) => self.out.push_str(&number_to_string(*n)),
            Constant::Boolean(b) => self.out.push_str(if *b { "true" } else { "false" }),
            Constant::String(sym) => {
                self.out.push('"');
                self.name(*sym);
                self.out.push('"');
            }
            Constant::Null => self.out.push_str("null"),
        }
    }
}

/// The statements V8 counts in a generator's body: the program's and the initial `yield`.
fn generator_statements(body: &FunctionBody) -> usize {
    body.statements().len() + 1
}

/// Whether V8 collapses a chain of `op` into one n-ary operation (every binary operator but
/// `**` and the comparisons).
fn collapses(op: BinaryOp) -> bool {
    !matches!(
        op,
        BinaryOp::Relational(_) | BinaryOp::Arithmetic(ArithmeticOp::Exp)
    )
}

/// The value of a literal, or of an operation V8's parser folds into one: `-` `+` `~` on a
/// number, `!` on any literal, and arithmetic and bitwise operations on two numbers.
fn constant(expression: &Expression) -> Option<Constant> {
    match expression {
        Expression::Parenthesized(parenthesized) => constant(parenthesized.expression()),
        Expression::Literal(literal) => match literal.kind() {
            LiteralKind::Num(n) => Some(Constant::Number(*n)),
            LiteralKind::Int(n) => Some(Constant::Number(f64::from(*n))),
            LiteralKind::Bool(b) => Some(Constant::Boolean(*b)),
            LiteralKind::String(sym) => Some(Constant::String(*sym)),
            LiteralKind::Null => Some(Constant::Null),
            LiteralKind::BigInt(_) | LiteralKind::Undefined => None,
        },
        // A template without substitutions is a string literal to V8.
        Expression::TemplateLiteral(template) => match template.elements() {
            [] => Some(Constant::String(Sym::EMPTY_STRING)),
            [TemplateElement::String(sym)] => Some(Constant::String(*sym)),
            _ => None,
        },
        Expression::Unary(unary) => {
            let operand = constant(unary.target())?;
            match (unary.op(), operand) {
                (UnaryOp::Minus, Constant::Number(n)) => Some(Constant::Number(-n)),
                (UnaryOp::Plus, Constant::Number(n)) => Some(Constant::Number(n)),
                (UnaryOp::Tilde, Constant::Number(n)) => {
                    Some(Constant::Number(f64::from(!f64_to_int32(n))))
                }
                (UnaryOp::Not, operand) => Some(Constant::Boolean(!match operand {
                    Constant::Number(n) => n != 0.0 && !n.is_nan(),
                    Constant::Boolean(b) => b,
                    Constant::String(sym) => sym != Sym::EMPTY_STRING,
                    Constant::Null => false,
                })),
                _ => None,
            }
        }
        Expression::Binary(binary) => {
            let (Some(Constant::Number(x)), Some(Constant::Number(y))) =
                (constant(binary.lhs()), constant(binary.rhs()))
            else {
                return None;
            };
            let (ix, iy) = (f64_to_int32(x), f64_to_int32(y));
            let shift = f64_to_uint32(y) & 0x1F;
            let value = match binary.op() {
                BinaryOp::Arithmetic(op) => match op {
                    ArithmeticOp::Add => x + y,
                    ArithmeticOp::Sub => x - y,
                    ArithmeticOp::Mul => x * y,
                    ArithmeticOp::Div => x / y,
                    ArithmeticOp::Mod => x % y,
                    // Number::exponentiate, where it differs from `powf`
                    ArithmeticOp::Exp if y.is_nan() || (x.abs() == 1.0 && y.is_infinite()) => {
                        f64::NAN
                    }
                    ArithmeticOp::Exp => x.powf(y),
                },
                BinaryOp::Bitwise(op) => match op {
                    BitwiseOp::And => f64::from(ix & iy),
                    BitwiseOp::Or => f64::from(ix | iy),
                    BitwiseOp::Xor => f64::from(ix ^ iy),
                    BitwiseOp::Shl => f64::from(ix.wrapping_shl(shift)),
                    BitwiseOp::Shr => f64::from(ix >> shift),
                    BitwiseOp::UShr => f64::from(f64_to_uint32(x) >> shift),
                },
                _ => return None,
            };
            Some(Constant::Number(value))
        }
        _ => None,
    }
}
