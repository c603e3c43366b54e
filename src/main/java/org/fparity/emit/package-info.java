/**
 * Emitters: one IR program (or a batch of them) as a self-contained source file in C, CUDA, HIP, HIPIFY-converted
 * CUDA, OpenCL (kernel source embedded in a C host) or Java ({@link org.fparity.emit.Emitter#of}).
 *
 * <h2>Harness protocol (every language)</h2>
 * <b>Batch form</b> ({@code Emitter.batch}): programs {@code compute_0..compute_{N-1}} (FP32 and FP64 may mix). The
 * harness reads lines on stdin, {@code index tok tok …}, where index is the program's position in the batch and the
 * tokens are its inputs in parameter order ({@link org.fparity.ir.Input#line}): FP values as hex floats (anything
 * {@code strtod} reads completely is accepted: decimals, {@code inf}, {@code nan}, {@code -nan}; FP32 values are read
 * with {@code strtof}), int loop bounds in decimal within {@code 0..arrayLength}, one fill value per array, and for an element-wise array ({@code double a[8] each}) one token of exactly
 * {@code arrayLength} FP values separated by commas (no spaces), so a line still has one token per parameter.
 * Separators are spaces, tabs, {@code \r}, {@code \v}, {@code \f}. For every input line it writes exactly one line,
 * flushed at once:
 * <pre>
 *   index HEX DEC              e.g. "3 0x1.5555555555555p-2 0.33333333333333331"
 *   index error REASON         the line is skipped, the harness carries on
 * </pre>
 * HEX is glibc's {@code %a} of the result as a double (FP32 results widened exactly), DEC is {@code %.17g} (FP64) or
 * {@code %.9g} (FP32) with C's rules; NaN and infinities print as {@code nan -nan inf -inf}. REASON is one of
 * {@code bad index} (index not 1–9 decimal digits, or empty line; index printed as {@code -1}),
 * {@code no such program}, {@code expected K values, got M}, {@code bad value J}, {@code bound J out of range 0..L}
 * (J counts values from 1). Every language prints the same words. The C-family hosts have one more, for a call that
 * came back without its {@code fp_run_K} reaching its end (a fast-math build deleted the program's code as undefined
 * behaviour, and execution ran on into other code; each {@code fp_run_K} stores K into {@code fp_ran} last and main
 * checks it): {@code returned through program K's code (undefined behaviour under this build's flags)} or
 * {@code returned without finishing its own code (undefined behaviour under this build's flags)}; the single-program
 * form then fails (exit 4). The JVM cannot run on past a method's end, so Java never prints it.
 * <p>
 * <b>Single-program form</b> ({@code Emitter.single}): the input tokens are the command-line arguments; prints
 * {@code HEX DEC} on one line. A bad argument list is a failure (exit 4, reason on stderr).
 * <p>
 * <b>Exit codes</b>: 0 normally (also when some lines were errors); <b>3</b> when the device or runtime is unavailable
 * — no CUDA driver (CUDA error 35), no GPU (100/101, CUDA and HIP), no OpenCL platform or device, or an OpenCL device
 * without {@code cl_khr_fp64} for a batch with FP64 programs — with one line {@code fparity-harness: …} on stderr and
 * nothing on stdout (checked before any input is read); <b>4</b> for any other failure (a failed runtime call or
 * launch, a kernel build error, out of memory), with a {@code fparity-harness: …} line on stderr.
 *
 * <b>Device-only form</b> ({@code Emitter.deviceBatch}, CUDA/HIP/HIPIFY): the batch form's kernels (same text, same
 * device code) and a table {@code fp_meta}, compiled to a module ({@code nvcc -fatbin}, {@code hipcc --genco}); the
 * host side is {@link org.fparity.emit.GpuLoader}, built once per toolchain, run as {@code loader MODULE} with the batch
 * protocol above and the same exit codes.
 *
 * <h2>Building and options</h2>
 * C: any C99 compiler, link {@code -lm}. CUDA: nvcc (every argument and array in device memory, every runtime call
 * checked). HIP and HIPIFY: hipcc ({@code HIP_PLATFORM=amd} where nvcc is also installed). Java: the class is
 * {@value org.fparity.emit.JavaEmitter#CLASS_NAME}, file {@code FparityHarness.java}. OpenCL: the host is C, link
 * {@code -lOpenCL -lm}; build the host with {@code -DFPARITY_FP_CONTRACT_OFF} to put {@code #pragma OPENCL FP_CONTRACT
 * OFF} in the kernel source; the host's arguments are the kernel build options (batch form: all of them; single form:
 * those starting with {@code -cl}, the rest are input tokens), e.g. {@code -cl-opt-disable}; the device is the first
 * of platform 0 unless {@code FPARITY_OPENCL_DEVICE} is {@code P:D} (device D of platform P) or {@code N} (N-th device
 * over all platforms); with {@code FPARITY_OPENCL_BUILD_LOG} set, the kernel build log goes to stderr.
 */
package org.fparity.emit;
