use super::IndexOperand;
use crate::{Context, JsExpect, JsResult, error::JsNativeError, vm::opcode::Operation};

/// `New` implements the Opcode Operation for `Opcode::New`
///
/// Operation:
///  - Call construct on a function.
#[derive(Debug, Clone, Copy)]
pub(crate) struct New;

impl New {
    #[inline(always)]
    pub(super) fn operation(argument_count: IndexOperand, context: &mut Context) -> JsResult<()> {
        let func = context
            .vm
            .stack
            .calling_convention_get_function(argument_count.into());

        // Patched (code-runtime-boa): errors name the target (`Foo is not a constructor`).
        let Some(cons) = func.as_object() else {
            let func = func.clone();
            return Err(context.construct_error(&func, not_a_constructor()));
        };

        context.vm.stack.push(cons.clone()); // Push new.target

        if let Err(error) = cons.__construct__(argument_count.into()).resolve(context) {
            return Err(context.construct_error(&cons.into(), error));
        }
        Ok(())
    }
}

impl Operation for New {
    const NAME: &'static str = "New";
    const INSTRUCTION: &'static str = "INST - New";
    const COST: u8 = 3;
}

/// `NewSpread` implements the Opcode Operation for `Opcode::NewSpread`
///
/// Operation:
///  - Call construct on a function where the arguments contain spreads.
#[derive(Debug, Clone, Copy)]
pub(crate) struct NewSpread;

impl NewSpread {
    #[inline(always)]
    pub(super) fn operation((): (), context: &mut Context) -> JsResult<()> {
        // Get the arguments that are stored as an array object on the stack.
        let arguments_array = context.vm.stack.pop();
        let arguments_array_object = arguments_array
            .as_object()
            .js_expect("arguments array in call spread function must be an object")?;
        let arguments = arguments_array_object
            .borrow()
            .properties()
            .to_dense_indexed_properties()
            .js_expect("arguments array in call spread function must be dense")?;

        let func = context.vm.stack.pop();

        // Patched (code-runtime-boa): errors name the target (`Foo is not a constructor`).
        let Some(cons) = func.as_object() else {
            return Err(context.construct_error(&func, not_a_constructor()));
        };

        let argument_count = arguments.len();
        context.vm.stack.push(func);
        context
            .vm
            .stack
            .calling_convention_push_arguments(&arguments);
        context.vm.stack.push(cons.clone()); // Push new.target

        if let Err(error) = cons.__construct__(argument_count).resolve(context) {
            return Err(context.construct_error(&cons.into(), error));
        }
        Ok(())
    }
}

impl Operation for NewSpread {
    const NAME: &'static str = "NewSpread";
    const INSTRUCTION: &'static str = "INST - NewSpread";
    const COST: u8 = 3;
}

fn not_a_constructor() -> crate::JsError {
    JsNativeError::typ().with_message("not a constructor").into()
}
