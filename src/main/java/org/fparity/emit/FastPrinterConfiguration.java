package org.fparity.emit;

import com.github.javaparser.printer.configuration.ConfigurationOption;
import com.github.javaparser.printer.configuration.PrinterConfiguration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A fixed JavaParser printer configuration whose look-ups are cached: the default one searches its option set with a
 * stream on every node printed, which was a third of the Java emitter's time.
 */
final class FastPrinterConfiguration implements PrinterConfiguration {
    private final PrinterConfiguration base;
    private final Map<ConfigurationOption, Optional<ConfigurationOption>> cache = new ConcurrentHashMap<>();

    FastPrinterConfiguration(PrinterConfiguration base) {
        this.base = base;
    }

    @Override
    public PrinterConfiguration addOption(ConfigurationOption option) {
        throw new UnsupportedOperationException("fixed configuration");
    }

    @Override
    public PrinterConfiguration removeOption(ConfigurationOption option) {
        throw new UnsupportedOperationException("fixed configuration");
    }

    @Override
    public boolean isActivated(ConfigurationOption option) {
        return get(option).isPresent();
    }

    @Override
    public Optional<ConfigurationOption> get(ConfigurationOption option) {
        return cache.computeIfAbsent(option, base::get);
    }

    @Override
    public Set<ConfigurationOption> get() {
        return base.get();
    }
}
