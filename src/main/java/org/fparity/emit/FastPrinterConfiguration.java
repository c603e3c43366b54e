package org.fparity.emit;

import com.github.javaparser.printer.configuration.ConfigurationOption;
import com.github.javaparser.printer.configuration.DefaultConfigurationOption;
import com.github.javaparser.printer.configuration.DefaultPrinterConfiguration;
import com.github.javaparser.printer.configuration.PrinterConfiguration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A fixed JavaParser printer configuration whose look-ups are cached: the default one searches its option set with a
 * stream on every node printed, which was a third of the Java emitter's time.
 */
final class FastPrinterConfiguration implements PrinterConfiguration {
    private final PrinterConfiguration base;
    private final Map<ConfigurationOption, Optional<ConfigurationOption>> cache = new HashMap<>();

    /** Answers every option once up front; afterwards the map is only read, so sharing it between threads is safe. */
    FastPrinterConfiguration(PrinterConfiguration base) {
        this.base = base;
        for (DefaultPrinterConfiguration.ConfigOption o : DefaultPrinterConfiguration.ConfigOption.values()) {
            DefaultConfigurationOption key = new DefaultConfigurationOption(o);
            cache.put(key, base.get(key));
        }
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
        Optional<ConfigurationOption> known = cache.get(option);
        return known != null ? known : base.get(option);
    }

    @Override
    public Set<ConfigurationOption> get() {
        return base.get();
    }
}
